import { ApiError } from './api-client';

/** What went wrong with each field of a form, in words for the person filling it in. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Sorts a refusal's messages between a form's fields: `password: must be …` (the server's wording for
 * a field it refused) reads "Password must be …" beside the Password field; a message that names a
 * field goes beside it as it is; the rest concerns the form as a whole.
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  labels: Record<F, string>,
): { fields: FieldErrors<F>; rest: string[] } {
  const fields: FieldErrors<F> = {};
  const rest: string[] = [];
  const messages = error instanceof ApiError ? error.messages : [];
  const names = Object.keys(labels) as F[];
  for (const message of messages) {
    const prefixed = /^([\w.]+): (.+)$/s.exec(message);
    const path = prefixed?.[1]?.split('.').at(-1);
    const byPath = names.find((name) => name === path);
    if (byPath && prefixed?.[2]) {
      fields[byPath] ??= `${labels[byPath]} ${prefixed[2]}`;
      continue;
    }
    const lower = message.toLowerCase();
    const named = names.find(
      (name) => lower.includes(name.toLowerCase()) || lower.includes(labels[name].toLowerCase()),
    );
    if (named) fields[named] ??= message;
    else rest.push(message);
  }
  return { fields, rest };
}

/** The same errors without one field's: a field's error stays until the person changes that field. */
export function withoutField<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...others } = errors;
  return others as FieldErrors<F>;
}
