import fc from 'fast-check';

/** A JSON token written as is: NaN, Infinity, 1e400 (parses to Infinity), -0. */
export class Raw {
  constructor(readonly text: string) {}
  // fast-check prints counterexamples: keep 1 MB strings and deep nesting readable
  [fc.toStringMethod]() {
    return this.text.length > 80 ? `Raw(${this.text.slice(0, 60)}… ${this.text.length} chars)` : `Raw(${this.text})`;
  }
}
/** A string whose bytes are not UTF-8 (an overlong/invalid sequence inside the quotes). */
export class BadBytes {
  [fc.toStringMethod]() {
    return 'BadBytes(C3 28 FF FE ED A0 80)';
  }
}
/** An object written with keys in order, duplicates and `__proto__` kept as plain keys. */
export class Entries {
  constructor(readonly entries: [string, unknown][]) {}
  [fc.toStringMethod]() {
    return describeValue(this);
  }
}

const BAD_PLACEHOLDER = '\u0000BAD-UTF8\u0000';

function write(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v instanceof BadBytes) return JSON.stringify(BAD_PLACEHOLDER);
  if (v instanceof Entries) return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${write(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${write((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  if (Object.is(v, -0)) return '-0';
  if (v === undefined) return 'null';
  return JSON.stringify(v);
}

/** Serialise a hostile value to the exact bytes sent (invalid UTF-8 spliced in). */
export function toBody(v: unknown): Buffer {
  const text = write(v);
  const parts = text.split(JSON.stringify(BAD_PLACEHOLDER));
  const bad = Buffer.from([0x22, 0x41, 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x42, 0x22]);
  const chunks: Buffer[] = [];
  parts.forEach((p, i) => {
    if (i > 0) chunks.push(bad);
    chunks.push(Buffer.from(p, 'utf8'));
  });
  return Buffer.concat(chunks);
}

export const describeValue = (v: unknown) => {
  const s = toBody(v).toString('latin1');
  return s.length > 1200 ? `${s.slice(0, 1200)}… (${s.length} bytes)` : s;
};

const MB = 1024 * 1024;
const deep = (depth: number) => new Raw(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);

/** Values that are never valid where text is expected. */
const notText = fc.constantFrom<unknown>(0, -1, true, false, [], ['a'], {}, { $ne: null }, new Raw('1e400'), new Raw('-0'), deep(2000));
const controlChar = fc
  .constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u200e\u0000')
  .chain((c) => fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `Acme${a}${c}${b}`));
const loneSurrogate = fc.constantFrom('Acme \ud800', '\udfff Ltd', 'x\ud83dy');
const hugeString = fc.constantFrom(new Raw(JSON.stringify('x'.repeat(MB))), new Raw(JSON.stringify('é'.repeat(MB / 2 + 10))));
const brokenEncoding = fc.constant(new BadBytes());

/** Text that is present but must be refused (also for optional fields). */
const badTextContent = fc.oneof(controlChar, loneSurrogate, hugeString, brokenEncoding);

export const invalid = {
  requiredText: fc.oneof(notText, fc.constantFrom<unknown>(null, '', '   ', '\n\t'), badTextContent),
  optionalText: fc.oneof(notText, badTextContent),
  email: fc.oneof(
    notText,
    fc.constantFrom<unknown>(null, '', 'not-an-email', 'a@', '@b.co', 'a b@c.co', 'a@b', 'a@@b.co', `${'a'.repeat(250)}@b.co`),
    badTextContent,
  ),
  /** a client's email: empty or null is allowed (docs/product.md, "Clients without an email") */
  optionalEmail: fc.oneof(
    notText,
    fc.constantFrom<unknown>('not-an-email', 'a@', '@b.co', 'a b@c.co', 'a@b', 'a@@b.co', `${'a'.repeat(250)}@b.co`),
    badTextContent,
  ),
  loginPassword: fc.constantFrom<unknown>(null, '', 0, true, [], {}, 'x'.repeat(129), new Raw('1e400'), new BadBytes()),
  newPassword: fc.constantFrom<unknown>(null, '', '12345', 0, [], {}, 'x'.repeat(129), new Raw('NaN'), new BadBytes()),
  money: fc.oneof(
    fc.constantFrom<unknown>(null, '10', 'NaN', 'Infinity', true, [], {}, -0.01, -1, 0.001, 1e20, 10_000_000.01, Number.MAX_VALUE),
    fc.constantFrom(new Raw('1e400'), new Raw('-1e400'), new Raw('NaN'), new Raw('Infinity'), new Raw('-Infinity')),
    fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
  ),
  quantity: fc.oneof(
    fc.constantFrom<unknown>(0, 0.5, -1, 1e7, 1.0001, '1', null, true, [], {}, new Raw('-0'), new Raw('1e400'), new Raw('NaN')),
    fc.double({ max: 0.999, noNaN: true }),
  ),
  percent: fc.constantFrom<unknown>(-1, -0.01, 100.01, 101, 0.001, '20', null, true, [], {}, new Raw('1e400'), new Raw('NaN'), 1e300),
  uuid: fc.oneof(
    fc.constantFrom<unknown>(
      'abc',
      '',
      123,
      null,
      [],
      {},
      "' OR '1'='1",
      '00000000-0000-0000-0000-00000000000g',
      '------------------------------------',
      `${'0'.repeat(8)}-${'0'.repeat(4)}-${'0'.repeat(4)}-${'0'.repeat(4)}-${'0'.repeat(13)}`,
      new BadBytes(),
    ),
    fc.string({ maxLength: 40 }),
  ),
  /** A well-formed id of nothing the caller owns: refused with 404/400, never a 500. */
  foreignUuid: fc.uuid({ version: 4 }),
  optionalUuid: fc.constantFrom<unknown>('abc', 123, [], {}, "' OR 1=1 --", '------------------------------------', true),
  date: fc.constantFrom<unknown>(
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '0000-01-01',
    '-001000-01-01',
    '+275760-09-14',
    '99999-01-01',
    'tomorrow',
    '',
    '  ',
    '2024-1-1',
    '2024-01-01T25:00:00Z',
    '2024-01-01Tjunk',
    20240101,
    null,
    true,
    [],
    {},
    new Raw('1e400'),
    new BadBytes(),
  ),
  dateTime: fc.constantFrom<unknown>(
    '2024-02-30T10:00:00Z',
    '2024-01-01T24:61:00Z',
    '2024-01-01T10:00:00+99:99',
    '0000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.001Z',
    'Mon, 01 Jan 2024 10:00:00 GMT',
    'now',
    '',
    1704067200000,
    null,
    [],
    {},
    new Raw('NaN'),
    new BadBytes(),
  ),
  bool: fc.constantFrom<unknown>('true', 'false', 1, 0, null, [], {}, 'yes'),
  color: fc.constantFrom<unknown>('red', '#fff', '#GGGGGG', '22c55e', '#22c55e ', 123, [], {}, 'javascript:alert(1)'),
  enumOf: (values: readonly string[]) =>
    fc.oneof(
      // Wrong-case spellings are invalid only where they differ: templates are lower case already.
      fc.constantFrom<unknown>(null, 1, [], {}, '', ' ', ...values.map((v) => v.toLowerCase()).filter((v) => !values.includes(v))),
      fc.string({ maxLength: 12 }).filter((s) => !values.includes(s)),
    ),
  website: fc.constantFrom<unknown>('javascript:alert(1)', 'ftp://files.example.com', 'not a url', 'http://localhost', 'https://', 123, [], {}),
  prefix: fc.constantFrom<unknown>(null, '', '   ', 'ABCDEFGHIJK', 123, [], {}, 'Q\u0000', new BadBytes()),
};

/** Extra keys that a correct API ignores (mass assignment, prototype pollution, junk). */
export const noiseEntries: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.oneof(
    fc.constantFrom<[string, unknown]>(
      ['__proto__', { polluted: 'yes', isAdmin: true }],
      ['constructor', { prototype: { polluted: 'yes' } }],
      ['prototype', { polluted: 'yes' }],
      ['id', '00000000-0000-4000-8000-000000000000'],
      ['userId', '00000000-0000-4000-8000-000000000000'],
      ['createdAt', '1999-01-01T00:00:00Z'],
      ['total', 1e9],
      ['status', 'PAID'],
      ['quoteNumber', 'HACKED'],
      ['invoiceNumber', 'HACKED'],
      ['passwordHash', 'x'],
    ),
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 3 })),
  ),
  { maxLength: 4 },
);

/** Whole bodies that are not a JSON object at all. */
export const brokenBodies = fc.constantFrom<{ contentType: string; body: Buffer | string }>(
  { contentType: 'application/json', body: '{' },
  { contentType: 'application/json', body: '{"name":' },
  { contentType: 'application/json', body: "{'name':'x'}" },
  { contentType: 'application/json', body: '{"name": NaN}' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '"just a string"' },
  { contentType: 'application/json', body: '12' },
  { contentType: 'application/json', body: '[]' },
  { contentType: 'application/json', body: '[{"name":"x"}]' },
  { contentType: 'application/json', body: '['.repeat(50_000) + ']'.repeat(50_000) },
  { contentType: 'application/json', body: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) },
  { contentType: 'application/json', body: `{"name":"${'x'.repeat(MB)}"}` },
  { contentType: 'application/json', body: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { contentType: 'application/json; charset=utf-16', body: '{"name":"x"}' },
  { contentType: 'application/json; charset=klingon', body: '{"name":"x"}' },
  { contentType: 'text/plain', body: '{"name":"x"}' },
  { contentType: 'application/x-www-form-urlencoded', body: 'name=x&email=a%40b.co' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--' },
);

/** Path segments that are not ids (sent raw or encoded). */
export const hostileIds = fc.oneof(
  fc.constantFrom(
    'abc',
    '1',
    '-1',
    '0',
    'null',
    'undefined',
    'NaN',
    "'%20OR%20'1'%3D'1",
    '%00',
    '%ZZ',
    '%',
    '..',
    '%2e%2e',
    '%2F..%2Fetc%2Fpasswd',
    '__proto__',
    'constructor',
    '00000000-0000-0000-0000-00000000000g',
    '------------------------------------',
    '%F0%9F%98%80',
    '%C3%28',
    'x'.repeat(10_000),
    '00000000-0000-4000-8000-000000000000%00',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

/** Query values for list routes, already URL-encoded; each one must be refused. */
const base64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const enc = (values: string[]) => fc.constantFrom(...values.map(encodeURIComponent));
export const hostileQueryParts = {
  limit: enc(['0', '-1', '-0', 'abc', '1.5', '101', '1e400', 'NaN', 'Infinity', '', '9'.repeat(400)]),
  cursor: fc.oneof(
    enc([
      'x'.repeat(500),
      base64url(`2024-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
      base64url(`2024-01-01T00:00:00.000Z|${'a'.repeat(36)}`),
      base64url('-271821-04-20T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
      base64url('+275760-09-13T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
      base64url('0000-01-01T00:00:00.000Z|00000000-0000-4000-8000-000000000000'),
      base64url('garbage|garbage'),
      base64url('\u0000|\u0000'),
      // offset cursors of sorted document pages, malformed (and refused by keyset lists)
      base64url('@-1'),
      base64url('@1e9'),
      base64url(`@${'9'.repeat(30)}`),
    ]),
    fc
      .string({ minLength: 1, maxLength: 60 })
      .map(base64url)
      .filter((s) => s.length <= 200),
  ),
  q: fc.constantFrom('a%00b', 'x'.repeat(101), '%ED%A0%80', '%C3%28', '%FF', 'a%07b'),
  clientId: enc(['abc', "1' OR '1'='1", '-'.repeat(36), '\u0000']),
  status: enc(['x'.repeat(21), 'DRAFT\u0000'.repeat(4), "PAID' OR 1=1 --".repeat(2)]),
};
