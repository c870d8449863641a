import { InvoiceService, invoiceSchema } from '@e-invoice-eu/core';
import Ajv2019 from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { literalXmlLibrary } from './einvoice-library.ts';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Ajv as the library gets it, counting the schemas it compiles. */
function countingAjv() {
  const seen = { compiled: 0 };
  class CountingAjv extends Ajv2019 {
    constructor(...options: ConstructorParameters<typeof Ajv2019>) {
      super(...options);
      const compile = this.compile.bind(this) as (...args: unknown[]) => unknown;
      this.compile = ((...args: unknown[]) => {
        seen.compiled += 1;
        return compile(...args);
      }) as Ajv2019['compile'];
    }
  }
  return { Ajv: CountingAjv as typeof Ajv2019, seen };
}

describe('the e-invoice library as wrapped', () => {
  it('when files of two formats are written, then its input schema is compiled once per format, not per file', async () => {
    const { Ajv, seen } = countingAjv();
    const library = literalXmlLibrary(new InvoiceService(quiet), { invoiceSchema, Ajv });
    // An empty invoice is refused by the schema: the compile happens before the refusal.
    for (const format of ['UBL', 'UBL', 'CII', 'ubl']) await library.generate({} as never, { format, lang: 'en-gb' }).catch(() => undefined);
    expect(seen.compiled).toBe(2);
  });

  it('when an invoice the schema refuses is written twice, then both are refused with the schema’s errors', async () => {
    const { Ajv } = countingAjv();
    const library = literalXmlLibrary(new InvoiceService(quiet), { invoiceSchema, Ajv });
    for (let i = 0; i < 2; i++) {
      const refused = await library.generate({ 'ubl:Invoice': {} } as never, { format: 'UBL', lang: 'en-gb' }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(Ajv2019.ValidationError);
      expect((refused as InstanceType<typeof Ajv2019.ValidationError>).errors.map((e) => e.params)).toContainEqual({ missingProperty: 'cbc:ID' });
    }
  });
});
