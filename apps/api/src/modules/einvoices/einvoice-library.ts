import type { InvoiceService } from '@e-invoice-eu/core';
import type Ajv2019 from 'ajv/dist/2019.js';
import type { ValidateFunction } from 'ajv/dist/2019.js';
import { writeXml, type XmlObject } from './xml-writer.ts';

/**
 * @e-invoice-eu/core, with its output wrapped where it breaks the rules (docs/data-transfer.md,
 * "Our input to the library and its output"):
 * - every XML it renders (UBL, the CII inside Factur-X) is written by our xml-writer, so text is
 *   escaped literally (the library's writer decodes entity-looking text);
 * - in CII, `currencyID` is kept only on the VAT total (EN 16931 CII-DT-031 allows it nowhere else;
 *   the library's mapping copies UBL's onto the line allowances' ActualAmount), and the seller
 *   identifier (BT-29), which the library's CII mapping drops, is added (addSellerIds);
 * - the XMP metadata of a Factur-X PDF gets `&` escaped for the builder it is written with (the
 *   company name may hold "AT&T;"), while the PDF's document info keeps the name as typed.
 * And its input schema is compiled once per format (compiledOnce, below), not on every file.
 * These reach into the library's services (renderXML, cleanAttributes, addXmpMeta, patchSchema,
 * fillInvoiceDefaults, validate); a version without them fails loudly on the first e-invoice
 * instead of writing a wrong file.
 */
interface FormatService {
  generate(invoice: unknown, options: unknown): Promise<unknown>;
  renderXML(data: XmlObject): string;
  cleanAttributes(data: XmlObject): void;
  patchSchema(schema: object): void;
  fillInvoiceDefaults(invoice: unknown): void;
  addXmpMeta?: (node: unknown, meta: { creator: string; subject: string }) => void;
}
interface FormatFactory {
  createFormatService(format: string, logger: unknown): FormatService;
  normalizeFormat(format: string): string;
}
interface ServiceInternals {
  formatFactoryService?: FormatFactory;
  validationService?: { validate(id: string, validate: ValidateFunction, data: unknown): unknown };
  logger?: unknown;
}
/** What compiling the input schema needs: the library's schema and the Ajv it validates with. */
export interface SchemaCompiler {
  invoiceSchema: object;
  Ajv: typeof Ajv2019;
}

const CII_ROOT = 'rsm:CrossIndustryInvoice';
/** The one CII amount that carries its currency (BT-110, BT-111). */
const CURRENCY_AMOUNTS = new Set(['ram:TaxTotalAmount']);

function dropCurrencyIds(node: unknown, name = ''): void {
  if (Array.isArray(node)) {
    for (const n of node) dropCurrencyIds(n, name);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const obj = node as XmlObject;
  if (!CURRENCY_AMOUNTS.has(name)) delete obj['@currencyID'];
  // '#' is the element's own text (with its attributes), still of this element.
  for (const [k, v] of Object.entries(obj)) if (!k.startsWith('@')) dropCurrencyIds(v, k === '#' ? name : k);
}

type PartyIdentification = { 'cbc:ID': string; 'cbc:ID@schemeID'?: string };

/**
 * BT-29 in CII: the library maps cac:PartyIdentification of the seller to nothing (its array
 * mapping reads the party object as the array), so an invoice whose seller may not show a VAT
 * number (outside the scope of VAT) would not identify the seller at all (BR-CO-26). The ids go
 * first in SellerTradeParty, as the schema orders them: ram:ID without a scheme, ram:GlobalID with one.
 */
function addSellerIds(cii: XmlObject, ids: readonly PartyIdentification[]): void {
  const agreement = ((cii['rsm:SupplyChainTradeTransaction'] as XmlObject | undefined)?.['ram:ApplicableHeaderTradeAgreement'] ?? undefined) as
    XmlObject | undefined;
  const seller = agreement?.['ram:SellerTradeParty'] as XmlObject | undefined;
  if (!agreement || !seller || 'ram:ID' in seller || 'ram:GlobalID' in seller) return;
  const plain = ids.filter((i) => !i['cbc:ID@schemeID']).map((i) => i['cbc:ID']);
  const global = ids.filter((i) => i['cbc:ID@schemeID']).map((i) => ({ '#': i['cbc:ID'], '@schemeID': i['cbc:ID@schemeID']! }));
  agreement['ram:SellerTradeParty'] = { ...(plain.length ? { 'ram:ID': plain } : {}), ...(global.length ? { 'ram:GlobalID': global } : {}), ...seller };
}

function changed(what: string): never {
  throw new Error(`@e-invoice-eu/core no longer has ${what}: check einvoice-library.ts against the new version`);
}

/**
 * The library's generate compiles its whole input schema with a new Ajv for every file, on the
 * API's thread, where no other request is answered meanwhile: found in a CPU profile of the
 * conformance run; one Factur-X from the built server took 216 ms with it and 53 ms without
 * (docs/data-transfer.md). The schema depends only on the format (its
 * formatter's patchSchema), so here it is compiled on the first file of each format and kept; the
 * rest are the library's own steps in its order: the input copied, validated with its defaults
 * filled in, then written by the format's service. The library also turns a `cbc:Note` given as a
 * string into a list; ubl.ts always gives a list, and a string would fail validation, not pass.
 */
function compiledOnce(service: InvoiceService, factory: FormatFactory, compiler: SchemaCompiler): void {
  const internals = service as unknown as ServiceInternals;
  const validation = internals.validationService;
  if (typeof validation?.validate !== 'function' || typeof factory.normalizeFormat !== 'function') changed('validationService.validate / normalizeFormat');
  const validators = new Map<string, ValidateFunction>();
  const generate = async (input: unknown, options: { format: string }) => {
    const formatter = factory.createFormatService(options.format, internals.logger);
    if (typeof formatter.patchSchema !== 'function' || typeof formatter.fillInvoiceDefaults !== 'function') changed('patchSchema / fillInvoiceDefaults');
    const format = factory.normalizeFormat(options.format);
    let validate = validators.get(format);
    if (!validate) {
      const schema = structuredClone(compiler.invoiceSchema);
      formatter.patchSchema(schema);
      validate = new compiler.Ajv({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
      validators.set(format, validate);
    }
    const invoice = validation.validate('invoice data', validate, structuredClone(input));
    formatter.fillInvoiceDefaults(invoice);
    return formatter.generate(invoice, { ...options, format });
  };
  service.generate = generate as unknown as InvoiceService['generate'];
}

export function literalXmlLibrary(service: InvoiceService, compiler: SchemaCompiler): InvoiceService {
  const factory = (service as unknown as ServiceInternals).formatFactoryService;
  if (typeof factory?.createFormatService !== 'function') changed('formatFactoryService.createFormatService');
  compiledOnce(service, factory, compiler);
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, logger) => {
    const formatter = create(format, logger);
    if (typeof formatter.renderXML !== 'function' || typeof formatter.cleanAttributes !== 'function' || typeof formatter.generate !== 'function') {
      changed('generate / renderXML / cleanAttributes');
    }
    // One formatter per generate call, so what this call's invoice says can wait here for its XML.
    let sellerIds: PartyIdentification[] = [];
    const generate = formatter.generate.bind(formatter);
    formatter.generate = (invoice, options) => {
      const party = (
        invoice as { 'ubl:Invoice'?: { 'cac:AccountingSupplierParty'?: { 'cac:Party'?: { 'cac:PartyIdentification'?: PartyIdentification[] } } } }
      )['ubl:Invoice']?.['cac:AccountingSupplierParty']?.['cac:Party'];
      sellerIds = party?.['cac:PartyIdentification'] ?? [];
      return generate(invoice, options);
    };
    formatter.renderXML = (data) => {
      formatter.cleanAttributes(data);
      const cii = data[CII_ROOT];
      if (cii && typeof cii === 'object' && !Array.isArray(cii)) {
        dropCurrencyIds(cii);
        if (sellerIds.length) addSellerIds(cii, sellerIds);
      }
      return writeXml(data);
    };
    const addXmpMeta = formatter.addXmpMeta;
    if (addXmpMeta) {
      // xmlbuilder2's builder keeps "&name;" as a reference and escapes any other "&".
      const amp = (s: string) => s.replace(/&/g, '&amp;');
      formatter.addXmpMeta = (node, meta) => addXmpMeta.call(formatter, node, { ...meta, creator: amp(meta.creator), subject: amp(meta.subject) });
    }
    return formatter;
  };
  return service;
}
