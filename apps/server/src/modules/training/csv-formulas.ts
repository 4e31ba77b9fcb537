/**
 * CSV injection (issue 45, finding 7; OWASP's "CSV Injection"): a spreadsheet opening workouts.csv
 * runs a cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(...)`, `+cmd|...`), and
 * tab and carriage return can hide such a start. The export writes a `'` before such a cell, which
 * makes it text; the import takes that `'` off again, so an export reads back as it was.
 *
 * Exactly reversible: a cell that already starts with quotes before such a character (`'=x`) gets
 * one more, and the import takes exactly one off, so no text is ever read back changed.
 */
const formulaStart = /^'*[=+\-@\t\r]/;
const quotedFormulaStart = /^'(?='*[=+\-@\t\r])/;

/** The cell as the export writes it. */
export const neutralisedCell = (text: string): string => (formulaStart.test(text) ? `'${text}` : text);

/** The cell as it was before the export wrote it. */
export const unneutralisedCell = (text: string): string => text.replace(quotedFormulaStart, '');
