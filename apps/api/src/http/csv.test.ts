import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, true, null])).toBe(
      'a,"b,c","say ""hi""","two\nlines",3,true,\r\n',
    );
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+1', '-1', '@SUM(A1)', '\tx'])
      expect(csvCell(lead).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('a;b')).toBe('"a;b"');
  });

  it('streams a byte-order mark, the header and the batches as they come', async () => {
    async function* batches() {
      yield [['Zoë', 1]];
      yield [
        ['Jürgen', 2],
        ['Ana', 3],
      ];
    }
    const bytes = new Uint8Array(await new Response(csvStream(['Name', 'Nr'], batches())).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFName,Nr\r\nZoë,1\r\nJürgen,2\r\nAna,3\r\n',
    );
  });
});

describe('reading CSV', () => {
  it('reads commas or semicolons, quotes, CRLF, a byte-order mark, and skips blank lines', () => {
    expect(parseCsv('\ufeffemail,roles\r\na@x.test,"a|b"\r\n\r\n"b,""c""@x.test",\n')).toEqual({
      records: [
        { line: 1, cells: ['email', 'roles'] },
        { line: 2, cells: ['a@x.test', 'a|b'] },
        { line: 4, cells: ['b,"c"@x.test', ''] },
      ],
    });
    expect(parseCsv('email;roles\na@x.test;r').records[1]).toEqual({ line: 2, cells: ['a@x.test', 'r'] });
    expect(parseCsv('email,roles\n"two\nlines",x\nc@x.test,y').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('names the line where an unclosed quote starts', () => {
    expect(parseCsv('email,roles\na@x.test,"open\nb@x.test,r').unclosedAt).toBe(2);
  });
});
