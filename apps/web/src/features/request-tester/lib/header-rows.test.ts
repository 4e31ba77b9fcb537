import { describe, expect, it } from 'vitest';
import { editHeaderRow, enabledHeaderCount, headersFromRows, initialHeaderRows } from './header-rows';

describe('the header rows of the request tester', () => {
  it('start with an enabled Accept */* and one empty disabled row', () => {
    const rows = initialHeaderRows();
    expect(rows.map(({ isUsed, header, value }) => ({ isUsed, header, value }))).toEqual([
      { isUsed: true, header: 'Accept', value: '*/*' },
      { isUsed: false, header: '', value: '' },
    ]);
    expect(headersFromRows(rows)).toEqual({ Accept: '*/*' });
    expect(enabledHeaderCount(rows)).toBe(1);
  });

  it('append a fresh empty disabled row when the last row is typed into, and tick the typed row', () => {
    const rows = editHeaderRow(initialHeaderRows(), 1, { header: 'X' });
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ isUsed: true, header: 'X', value: '' });
    expect(rows[2]).toMatchObject({ isUsed: false, header: '', value: '' });
    expect(enabledHeaderCount(rows)).toBe(2);
    const withValue = editHeaderRow(rows, 2, { value: 'v' });
    expect(withValue).toHaveLength(4);
    expect(withValue[2]).toMatchObject({ isUsed: true, header: '', value: 'v' });
  });

  it('do not grow when a row other than the last is typed into', () => {
    const rows = editHeaderRow(initialHeaderRows(), 0, { value: 'application/json' });
    expect(rows).toHaveLength(2);
    expect(headersFromRows(rows)).toEqual({ Accept: 'application/json' });
  });

  it('keep distinct keys, so appended rows never reuse one', () => {
    let rows = initialHeaderRows();
    rows = editHeaderRow(rows, 1, { header: 'a' });
    rows = editHeaderRow(rows, 2, { header: 'b' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('send only the rows ticked as used, rebuilt on every change', () => {
    let rows = editHeaderRow(initialHeaderRows(), 1, { header: 'X-Trace' });
    rows = editHeaderRow(rows, 1, { value: 'abc' });
    expect(headersFromRows(rows)).toEqual({ Accept: '*/*', 'X-Trace': 'abc' });
    rows = editHeaderRow(rows, 0, { isUsed: false });
    expect(headersFromRows(rows)).toEqual({ 'X-Trace': 'abc' });
    expect(enabledHeaderCount(rows)).toBe(1);
    rows = editHeaderRow(rows, 1, { isUsed: false });
    expect(headersFromRows(rows)).toEqual({});
    expect(enabledHeaderCount(rows)).toBe(0);
  });

  it('ticking or unticking the last row does not append one', () => {
    const rows = editHeaderRow(initialHeaderRows(), 1, { isUsed: true });
    expect(rows).toHaveLength(2);
    expect(enabledHeaderCount(rows)).toBe(2);
  });

  it('leave out a ticked row without a name, trim names, and let a later row win', () => {
    let rows = editHeaderRow(initialHeaderRows(), 1, { value: 'orphan' });
    expect(headersFromRows(rows)).toEqual({ Accept: '*/*' });
    rows = editHeaderRow(rows, 2, { header: '  Accept ' });
    rows = editHeaderRow(rows, 2, { value: 'text/plain' });
    expect(headersFromRows(rows)).toEqual({ Accept: 'text/plain' });
  });
});
