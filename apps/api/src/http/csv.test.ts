import { csvLine } from '@portal/core';
import { describe, expect, it } from 'vitest';
import { csvStream, parseCsv } from './csv.ts';

const textOf = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await new Response(stream).arrayBuffer()));

describe('CSV', () => {
  it("writes each line by core's CSV rule, the rule of the console's import report (quotes, formulas defused)", async () => {
    const row = ['a', 'b,c', 'say "hi"', 'two\nlines', 3, true, null, '=HYPERLINK("x")', '+1', -1, '@SUM(A1)', '\tx'];
    async function* batches() {
      yield [row];
    }
    const written = await textOf(csvStream(['Name', '=Nr'], batches()));
    expect(written).toBe(`\uFEFF${csvLine(['Name', '=Nr'])}${csvLine(row)}`);
    expect(written).toBe(
      `\uFEFFName,'=Nr\r\na,"b,c","say ""hi""","two\nlines",3,true,,"'=HYPERLINK(""x"")",'+1,-1,'@SUM(A1),'\tx\r\n`,
    );
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
