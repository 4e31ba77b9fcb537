import type { z } from 'zod';

/** Turns zod issues into messages that name the field, e.g. `postData.image: must be an http(s) URL`. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
}
