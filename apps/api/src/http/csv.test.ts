import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvStream } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, true, null])).toBe('a,"b,c","say ""hi""","two\nlines",3,true,\r\n');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(lead).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('a;b')).toBe('"a;b"');
  });

  it('streams a byte-order mark, the header and the batches as they come', async () => {
    async function* batches() {
      yield [['Zoë', 1]];
      yield [['Jürgen', 2], ['Ana', 3]];
    }
    const bytes = new Uint8Array(await new Response(csvStream(['Name', 'Nr'], batches())).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFName,Nr\r\nZoë,1\r\nJürgen,2\r\nAna,3\r\n');
  });
});
