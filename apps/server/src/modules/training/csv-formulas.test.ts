import { describe, expect, it } from 'vitest';
import { neutralisedCell, unneutralisedCell } from './csv-formulas';

describe('cells a spreadsheet would run as formulas (issue 45, finding 7)', () => {
  it('are written with a quote before them: =, +, -, @, tab and carriage return', () => {
    expect(['=1+2', '+cmd|x', '-2+3', '@SUM(1)', '\t=1', '\r=1'].map(neutralisedCell)).toEqual([
      "'=1+2",
      "'+cmd|x",
      "'-2+3",
      "'@SUM(1)",
      "'\t=1",
      "'\r=1",
    ]);
    expect(['Push Day', '80', '', "'quoted", 'a=b'].map(neutralisedCell)).toEqual([
      'Push Day',
      '80',
      '',
      "'quoted",
      'a=b',
    ]);
  });

  it('read back exactly as they were, quotes of their own included', () => {
    const texts = ['=1+2', "'=1+2", "''@x", "'plain", "''", 'plain', '-', "'", '\t', "'-5"];
    expect(texts.map((text) => unneutralisedCell(neutralisedCell(text)))).toEqual(texts);
    expect(texts.map(neutralisedCell).filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});
