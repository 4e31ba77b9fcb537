/** One line of the tester's header list (SPEC §3): ticked rows go into the request, the others wait. */
export interface HeaderRow {
  /** Stable React key: rows are appended, never reordered. */
  id: number;
  isUsed: boolean;
  header: string;
  value: string;
}

let nextId = 0;

export function emptyHeaderRow(): HeaderRow {
  nextId += 1;
  return { id: nextId, isUsed: false, header: '', value: '' };
}

/** SPEC §3 and §9: an enabled `Accept: *\/*`, then one empty disabled row to type into. */
export function initialHeaderRows(): HeaderRow[] {
  nextId += 1;
  return [{ id: nextId, isUsed: true, header: 'Accept', value: '*/*' }, emptyHeaderRow()];
}

export type HeaderRowEdit = { isUsed: boolean } | { header: string } | { value: string };

/**
 * Applies one edit to the row at `index`. Typing into the last row appends a fresh empty, disabled row
 * (SPEC §4) so there is always a blank line to type into; the row typed into is ticked, as in the
 * request tools developers know, so a header that was just written is also sent.
 */
export function editHeaderRow(rows: readonly HeaderRow[], index: number, edit: HeaderRowEdit): HeaderRow[] {
  const row = rows[index];
  if (!row) return [...rows];
  const typing = !('isUsed' in edit);
  const isLast = index === rows.length - 1;
  const updated: HeaderRow = { ...row, ...edit, ...(typing && isLast ? { isUsed: true } : {}) };
  const next = rows.map((r, i) => (i === index ? updated : r));
  return typing && isLast ? [...next, emptyHeaderRow()] : next;
}

/**
 * The headers map sent with the request, rebuilt from the rows on every change: only ticked rows with a
 * name count (a ticked row with no name cannot be sent); names are trimmed, a later row wins.
 */
export function headersFromRows(rows: readonly HeaderRow[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const row of rows) {
    const name = row.header.trim();
    if (row.isUsed && name) headers[name] = row.value;
  }
  return headers;
}

/** The number in the list's title: rows ticked as used. */
export function enabledHeaderCount(rows: readonly HeaderRow[]): number {
  return rows.filter((row) => row.isUsed).length;
}
