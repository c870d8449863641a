import { describe, expect, it } from 'vitest';
import { csvStream, money, neutralise } from './csv.ts';

async function text(stream: NodeJS.ReadableStream) {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
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

  it('when rows stream, then the file starts with a BOM and a header, money is not neutralised and text is', async () => {
    async function* rows() {
      yield { name: '=evil', pence: -250 };
      yield { name: 'Zoë, "quoted"', pence: 1 };
    }
    const out = await text(csvStream([{ header: 'Name', value: (r: { name: string }) => r.name }, { header: 'Amount', value: (r: { pence: number }) => money(r.pence) }], rows()));
    expect(out).toBe('\ufeffName,Amount\r\n\'=evil,-2.50\r\n"Zoë, ""quoted""",0.01\r\n');
  });
});
