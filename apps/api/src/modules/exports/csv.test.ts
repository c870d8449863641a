import { describe, expect, it } from 'vitest';
import { csvStream, money, neutralise } from './csv.ts';

async function text(stream: NodeJS.ReadableStream) {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

/** A page reader over the given pages, then null. */
function pages<R>(...list: R[][]) {
  return async () => list.shift() ?? null;
}

describe('CSV cells', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+44 20 7946 0000', "'+44 20 7946 0000"],
    ['-x', "'-x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', "'\rReturn"],
    ['Plain', 'Plain'],
    ['a=b', 'a=b'],
  ])('when text is %j, then the cell reads %j', (input, expected) => {
    expect(neutralise(input)).toBe(expected);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [123456, '1234.56'],
    [-100, '-1.00'],
    [999_999_999_999, '9999999999.99'],
  ])('when pence are %d, then the cell reads %s', (pence, expected) => {
    expect(money(pence)!.toString()).toBe(expected);
  });

  it('when rows stream in pages, then the file starts with a BOM and a header, money is not neutralised and text is', async () => {
    const rows = pages([{ name: '=evil', pence: -250 }], [], [{ name: 'Zoë, "quoted"', pence: 1 }]);
    const out = await text(
      csvStream(
        [
          { header: 'Name', value: (r: { name: string }) => r.name },
          { header: 'Amount', value: (r: { pence: number }) => money(r.pence) },
        ],
        rows,
      ),
    );
    expect(out).toBe('\ufeffName,Amount\r\n\'=evil,-2.50\r\n"Zoë, ""quoted""",0.01\r\n');
  });

  it('when there are no rows, then the file is the BOM and the header', async () => {
    expect(await text(csvStream([{ header: 'Name', value: (r: { name: string }) => r.name }], pages<{ name: string }>()))).toBe('\ufeffName\r\n');
  });

  it('when a page holds more rows than one text batch, then every row is written once, in order', async () => {
    const names = Array.from({ length: 250 }, (_, n) => `row ${n}`);
    const out = await text(csvStream([{ header: 'Name', value: (r: { name: string }) => r.name }], pages(names.map((name) => ({ name })))));
    expect(out).toBe(`\ufeffName\r\n${names.join('\r\n')}\r\n`);
  });
});
