import { uiMessages } from '@spotter/contract';

/** The tester's body box: what is typed, the last valid JSON (what a send parses) and the error shown. */
export interface JsonBodyState {
  text: string;
  /** The last text that was valid, non-empty JSON: SPEC §4 updates the body only then. */
  body: string;
  error: string | undefined;
}

/** SPEC §3: the body box starts as an empty JSON object. */
export const initialJsonBody: JsonBodyState = { text: '{}', body: '{}', error: undefined };

/** True when `text` is JSON the tester can send; an empty or blank box is not (SPEC §5). */
export function isValidJsonBody(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** SPEC §4/§5: valid, non-empty JSON replaces the body and clears the error; anything else shows it. */
export function editJsonBody(state: JsonBodyState, text: string): JsonBodyState {
  if (isValidJsonBody(text)) return { text, body: text, error: undefined };
  return { text, body: state.body, error: uiMessages.jsonFormat };
}

/** What a send carries: the stored body, parsed (SPEC §4 "On send the body is parsed as JSON"). */
export function parsedBody(state: JsonBodyState): unknown {
  return JSON.parse(state.body);
}
