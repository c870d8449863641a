import { z } from 'zod';

/**
 * Peppol participant ids (docs/data-transfer.md, "Electronic addresses"): the scheme is a code of
 * the Peppol Electronic Address Scheme list (EAS) as Peppol BIS Billing 3.0.19 checks it
 * (PEPPOL-EN16931-CL008), the value the party's id under that scheme. Where Peppol checks a
 * scheme's check digits (PEPPOL-COMMON-R040..R050) the same check is made here, so an id the
 * rules would refuse is refused when it is typed, not when an e-invoice is sent.
 */
export const PEPPOL_EAS_CODES = [
  '0002',
  '0007',
  '0009',
  '0037',
  '0060',
  '0088',
  '0096',
  '0097',
  '0106',
  '0130',
  '0135',
  '0142',
  '0151',
  '0177',
  '0183',
  '0184',
  '0188',
  '0190',
  '0191',
  '0192',
  '0193',
  '0195',
  '0196',
  '0198',
  '0199',
  '0200',
  '0201',
  '0202',
  '0204',
  '0208',
  '0209',
  '0210',
  '0211',
  '0212',
  '0213',
  '0215',
  '0216',
  '0218',
  '0221',
  '0230',
  '0235',
  '9910',
  '9913',
  '9914',
  '9915',
  '9918',
  '9919',
  '9920',
  '9922',
  '9923',
  '9924',
  '9925',
  '9926',
  '9927',
  '9928',
  '9929',
  '9930',
  '9931',
  '9932',
  '9933',
  '9934',
  '9935',
  '9936',
  '9937',
  '9938',
  '9939',
  '9940',
  '9941',
  '9942',
  '9943',
  '9944',
  '9945',
  '9946',
  '9947',
  '9948',
  '9949',
  '9950',
  '9951',
  '9952',
  '9953',
  '9957',
  '9959',
  '0147',
  '0154',
  '0158',
  '0170',
  '0194',
  '0203',
  '0205',
  '0217',
  '0225',
  '0240',
] as const;
export type TPeppolScheme = (typeof PEPPOL_EAS_CODES)[number];

/** The UK VAT number scheme: what a party without a Peppol id is addressed by when it has a UK VAT number. */
export const PEPPOL_UK_VAT_SCHEME = '9932';

export const PEPPOL_MESSAGES = {
  scheme: 'Peppol scheme must be a code of the Peppol Electronic Address Scheme list, e.g. 0088 (GLN) or 9932 (UK VAT)',
  value: 'Peppol ID must be 1 to 50 letters, digits or . : _ -',
  checkDigits: (scheme: string) => `Peppol ID is not a valid ${SCHEME_NAMES[scheme] ?? scheme} number (check digits)`,
  ukVat: 'A 9932 Peppol ID must be a UK VAT number: GB and 9 or 12 digits',
  shape: 'Peppol ID must be an object with scheme and value, or null',
} as const;

const SCHEME_NAMES: Record<string, string> = {
  '0007': 'Swedish organisation',
  '0088': 'GLN',
  '0151': 'Australian ABN',
  '0192': 'Norwegian organisation',
  '0208': 'Belgian enterprise',
};

const digitsOf = (v: string) => [...v].map(Number);

/** GS1 check digit: from the right, weights 3, 1, 3, ... on all but the last digit. */
const gs1 = (v: string) => {
  if (!/^\d{13}$/.test(v)) return false;
  const d = digitsOf(v);
  const sum = d
    .slice(0, -1)
    .reverse()
    .reduce((s, x, i) => s + x * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === d[12];
};
/** Norwegian organisation number: mod 11 with weights 3 2 7 6 5 4 3 2. */
const mod11No = (v: string) => {
  if (!/^\d{9}$/.test(v)) return false;
  const d = digitsOf(v);
  const r = 11 - ([3, 2, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * d[i]!, 0) % 11);
  return (r === 11 ? 0 : r) === d[8];
};
/** Belgian enterprise number: the last two digits are 97 - (the first eight mod 97). */
const mod97Be = (v: string) => /^\d{10}$/.test(v) && 97 - (Number(v.slice(0, 8)) % 97) === Number(v.slice(8));
/** Swedish organisation number: Luhn over 10 digits. */
const luhn10 = (v: string) => {
  if (!/^\d{10}$/.test(v)) return false;
  const sum = digitsOf(v).reduce((s, x, i) => {
    const y = i % 2 === 0 ? x * 2 : x;
    return s + (y > 9 ? y - 9 : y);
  }, 0);
  return sum % 10 === 0;
};
/** Australian business number: first digit less 1, weights 10 1 3 5 ... 19, mod 89. */
const abn = (v: string) => {
  if (!/^\d{11}$/.test(v)) return false;
  const d = digitsOf(v);
  d[0] = d[0]! - 1;
  return [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19].reduce((s, w, i) => s + w * d[i]!, 0) % 89 === 0;
};
const CHECKS: Record<string, (v: string) => boolean> = { '0007': luhn10, '0088': gs1, '0151': abn, '0192': mod11No, '0208': mod97Be };

/** A UK VAT number as Peppol's 9932 scheme writes it: GB and 9 or 12 digits (or GBGD / GBHA and 3 digits). */
export const UK_VAT_PEPPOL = /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

/** The UK VAT number in 9932 form (spaces gone, upper case, GB added to bare digits), or null when it is not one. */
export function ukVatPeppolValue(vatNumber: string | null | undefined): string | null {
  if (!vatNumber) return null;
  const v = vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  const withPrefix = /^\d+$/.test(v) ? `GB${v}` : v;
  return UK_VAT_PEPPOL.test(withPrefix) ? withPrefix : null;
}

export const ZPeppolIdAnswer = z.strictObject({ scheme: z.string(), value: z.string() });
export type TPeppolId = z.infer<typeof ZPeppolIdAnswer>;

/** `peppolId` in a client or company body: {scheme, value}, null to clear it, absent to keep it. */
export const ZPeppolId = z
  .strictObject(
    {
      scheme: z.enum(PEPPOL_EAS_CODES, { error: PEPPOL_MESSAGES.scheme }),
      value: z
        .string({ error: PEPPOL_MESSAGES.value })
        .trim()
        .regex(/^[A-Za-z0-9.:_-]{1,50}$/, PEPPOL_MESSAGES.value),
    },
    { error: PEPPOL_MESSAGES.shape },
  )
  .superRefine((id, ctx) => {
    if (id.scheme === PEPPOL_UK_VAT_SCHEME && !UK_VAT_PEPPOL.test(id.value.toUpperCase()))
      ctx.addIssue({ code: 'custom', message: PEPPOL_MESSAGES.ukVat, path: ['value'] });
    const check = CHECKS[id.scheme];
    if (check && !check(id.value)) ctx.addIssue({ code: 'custom', message: PEPPOL_MESSAGES.checkDigits(id.scheme), path: ['value'] });
  })
  .transform((id) => (id.scheme === PEPPOL_UK_VAT_SCHEME ? { ...id, value: id.value.toUpperCase() } : id))
  .nullish();

/** Names shown beside the schemes a UK business is most likely to be given; every other code is listed by number. */
export const PEPPOL_COMMON_SCHEMES: readonly { scheme: TPeppolScheme; name: string }[] = [
  { scheme: '9932', name: 'UK VAT number' },
  { scheme: '0088', name: 'GLN (GS1 location number)' },
  { scheme: '0060', name: 'DUNS number' },
  { scheme: '0007', name: 'Swedish organisation number' },
  { scheme: '0208', name: 'Belgian enterprise number' },
];

/**
 * A form holds the Peppol id as two fields (scheme and value), both blank when there is none; the
 * API takes null for none. Both blank becomes null, so a cleared pair clears the stored id; one of
 * the two alone stays as typed and the schema names what is missing.
 */
export function peppolIdFromForm<T>(values: T): T {
  const id = (values as { peppolId?: { scheme?: unknown; value?: unknown } | null }).peppolId;
  if (id && typeof id === 'object') {
    const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (blank(id.scheme) && blank(id.value)) return { ...values, peppolId: null };
  }
  return values;
}
