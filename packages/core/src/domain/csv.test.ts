import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

/** Reads one RFC 4180 line back (the test's own reader, to prove the quoting round-trips). */
function readLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

describe('csvCell', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, true, null, undefined])).toBe(
      'a,"b,c","say ""hi""","two\nlines",3,true,,\r\n',
    );
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(lead).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('a;b')).toBe('"a;b"');
  });

  it('round-trips every text (a formula start keeps its apostrophe)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), (texts) => {
        const line = csvLine(texts);
        expect(line.endsWith('\r\n')).toBe(true);
        expect(readLine(line.slice(0, -2))).toEqual(texts.map((t) => (/^[=+\-@\t\r]/.test(t) ? `'${t}` : t)));
      }),
    );
  });
});
