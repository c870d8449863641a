import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend } from 'openapi-backend';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { fraudHeaderProblems } from './hmrc-fraud-rules.ts';

/**
 * HMRC's VAT (MTD) specification, read where the workplace keeps it (never copied into the repo):
 * beside the clone (`../shared/hmrc-vat-api`, as CI lays it out) or /work/shared.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SPEC_CANDIDATES = [
  path.resolve(process.cwd(), '../shared/hmrc-vat-api/application.yaml'),
  path.resolve(REPO, '../shared/hmrc-vat-api/application.yaml'),
  '/work/shared/hmrc-vat-api/application.yaml',
];
export const HMRC_SPEC_PATH = SPEC_CANDIDATES.find((p) => existsSync(p)) ?? null;

/**
 * In CI a missing specification fails the run (the contract tests must not quietly vanish);
 * elsewhere the tests say SKIPPED with where they looked.
 */
export function specOrSkip(): boolean {
  if (HMRC_SPEC_PATH) return true;
  const where = SPEC_CANDIDATES.join(', ');
  if (process.env.CI === 'true') throw new Error(`HMRC VAT API specification not found (looked in ${where})`);
  console.warn(`SKIPPED: HMRC contract tests: the specification is not at ${where}`);
  return false;
}

export const FAKE_CLIENT_ID = 'docket-test-client';
export const FAKE_CLIENT_SECRET = 'docket-test-secret';

/** HMRC sandbox Gov-Test-Scenario values we rely on, plus a 503 of our own. */
export type Scenario = 'QUARTERLY_ONE_MET' | 'QUARTERLY_NONE_MET' | 'DUPLICATE_SUBMISSION' | 'INVALID_VRN' | 'TAX_PERIOD_NOT_ENDED' | 'UNAVAILABLE';

/**
 * `Scenario` values that are HMRC's own, per the operation whose "Test data" table lists them (a
 * test checks they are there). UNAVAILABLE is ours: HMRC's sandbox has no 503 scenario.
 */
export const HMRC_SCENARIOS = {
  RetrieveVATobligations: ['QUARTERLY_ONE_MET', 'QUARTERLY_NONE_MET'],
  SubmitVATreturnforperiod: ['DUPLICATE_SUBMISSION', 'TAX_PERIOD_NOT_ENDED', 'INVALID_VRN'],
} as const satisfies Record<string, readonly Scenario[]>;

/**
 * Gov-Test-Scenario values the fake plays per operation, each from that operation's "Test data" table
 * in HMRC's specification (a test checks they are there); absent is HMRC's default: for liabilities
 * and payments "no associated data" (404), for a return the one submitted, else 404. HMRC's sandbox
 * answers MULTIPLE_* only for its 2017 dates; the fake answers its own lists for any dates instead.
 */
export const VIEW_SCENARIOS = {
  RetrieveVATliabilities: ['SINGLE_LIABILITY', 'MULTIPLE_LIABILITIES', 'INSOLVENT_TRADER'],
  RetrieveVATpayments: ['SINGLE_PAYMENT', 'MULTIPLE_PAYMENTS', 'INSOLVENT_TRADER'],
  ViewVATReturn: ['DATE_RANGE_TOO_LARGE', 'INSOLVENT_TRADER'],
} as const;
export type ViewOperation = keyof typeof VIEW_SCENARIOS;

/** The scenario values listed in an operation's "Test data" table of the specification. */
export function specScenarios(operationId: string): string[] {
  if (!HMRC_SPEC_PATH) return [];
  const doc = parseYaml(readFileSync(HMRC_SPEC_PATH, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; description?: string }>> };
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (op.operationId === operationId) return [...(op.description ?? '').matchAll(/<tr>\s*<td><p>([A-Z0-9_#]+)<\/p><\/td>/g)].map((m) => m[1]!);
    }
  }
  return [];
}

export interface Liability {
  taxPeriod?: { from: string; to: string };
  type: string;
  originalAmount: number;
  outstandingAmount?: number;
  due?: string;
}
export interface Payment {
  amount: number;
  received?: string;
}

interface Obligation {
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  periodKey: string;
  received?: string;
}

export interface FakeHmrc {
  apiBase: string;
  authBase: string;
  /** what our requests or the fake's answers broke in the specification, or in the fraud header rules */
  violations: string[];
  /** every VAT call as received (method, path, headers, body) */
  calls: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  submitted: Map<string, Record<string, unknown>>;
  scenario: Scenario;
  /** the Gov-Test-Scenario each view operation plays (VIEW_SCENARIOS); absent: HMRC's default */
  scenarios: { [K in ViewOperation]?: (typeof VIEW_SCENARIOS)[K][number] };
  obligations: Obligation[];
  /** what MULTIPLE_LIABILITIES and MULTIPLE_PAYMENTS answer (those in the asked dates) */
  liabilities: Liability[];
  payments: Payment[];
  /** seconds new access tokens live */
  expiresIn: number;
  /** make every access token issued so far answer 401, as an expired one would */
  expireAccessTokens(): void;
  /** make every refresh token refused, as after 18 months */
  expireRefreshTokens(): void;
  tokenRequests: { grant_type: string }[];
  /** what the specification finds wrong in an answer the fake would give ([] when none) */
  checkAnswer(operationId: string, status: number, body: unknown): string[];
  close(): Promise<void>;
}

/**
 * The specification with every request body closed: a field HMRC does not define is an error here.
 * HMRC's file lists its OAuth scopes without descriptions (YAML nulls), which OpenAPI 3.0.3 wants
 * as strings: they get empty ones so the validator accepts the document.
 */
function strictDefinition(doc: Record<string, unknown>) {
  const components = doc.components as {
    schemas: Record<string, Record<string, unknown>>;
    securitySchemes: Record<string, { flows: Record<string, { scopes: Record<string, unknown> }> }>;
  };
  components.schemas.VATReturnDeclaration!.additionalProperties = false;
  // What HMRC answers is closed too: a field of the fake's own in a view is a violation.
  for (const name of ['SubmitVAT', 'Liability', 'Payment', 'TaxPeriod']) components.schemas[name]!.additionalProperties = false;
  for (const scheme of Object.values(components.securitySchemes)) {
    for (const flow of Object.values(scheme.flows)) for (const k of Object.keys(flow.scopes)) flow.scopes[k] ??= '';
  }
  return doc;
}

const readForm = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sha256url = (v: string) => createHash('sha256').update(v).digest('base64url');
const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A fake HMRC on 127.0.0.1: OAuth authorise (a page with "Grant authority"), token, and the VAT endpoints Docket calls. */
export async function startFakeHmrc(): Promise<FakeHmrc> {
  if (!HMRC_SPEC_PATH) throw new Error('HMRC VAT API specification not found');
  const api = new OpenAPIBackend({
    definition: strictDefinition(parseYaml(readFileSync(HMRC_SPEC_PATH, 'utf8')) as Record<string, unknown>) as never,
    strict: false,
    quiet: true,
    validate: true,
    // HMRC's JSON numbers are decimals: 0.29 is a multiple of 0.01 even if 0.29/0.01 is not a whole double.
    ajvOpts: { multipleOfPrecision: 9, strict: false },
    // Without the formats Ajv ignores `format: date-time` (a receipt's processingDate): checked, not skipped.
    customizeAjv: (ajv: Parameters<typeof addFormats>[0]) => addFormats(ajv),
  } as never);
  await api.init();

  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const access = new Map<string, { expires: number; valid: boolean }>();
  const refresh = new Map<string, boolean>();
  const violations: string[] = [];
  const calls: FakeHmrc['calls'] = [];
  const submitted = new Map<string, Record<string, unknown>>();
  /** `vrn:periodKey` of each return filed, and the day */
  const received = new Map<string, string>();
  const tokenRequests: { grant_type: string }[] = [];

  const fake: FakeHmrc = {
    apiBase: '',
    authBase: '',
    violations,
    calls,
    submitted,
    scenario: 'QUARTERLY_ONE_MET',
    scenarios: {},
    liabilities: [
      { taxPeriod: { from: '2026-04-01', to: '2026-06-30' }, type: 'VAT Return Debit Charge', originalAmount: 1845.2, outstandingAmount: 0, due: '2026-08-07' },
      {
        taxPeriod: { from: '2026-07-01', to: '2026-09-30' },
        type: 'VAT Return Debit Charge',
        originalAmount: 251.91,
        outstandingAmount: 251.91,
        due: '2026-11-07',
      },
    ],
    payments: [{ amount: 1845.2, received: '2026-08-05' }],
    obligations: [
      { start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', status: 'F', periodKey: '26A2', received: '2026-08-01' },
      { start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', status: 'O', periodKey: '26A3' },
    ],
    expiresIn: 14_400,
    expireAccessTokens: () => {
      for (const t of access.values()) t.valid = false;
    },
    expireRefreshTokens: () => {
      for (const k of refresh.keys()) refresh.set(k, false);
    },
    tokenRequests,
    checkAnswer: (operationId, status, body) => (api.validateResponse(body, operationId, status).errors ?? []).map((e) => JSON.stringify(e)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const issueTokens = () => {
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    access.set(accessToken, { expires: Date.now() + fake.expiresIn * 1000, valid: true });
    refresh.set(refreshToken, true);
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: fake.expiresIn, scope: 'read:vat write:vat', token_type: 'bearer' };
  };

  /** The scenario an operation plays; one not in its table of the specification is a violation. */
  const listed = new Map<string, string[]>();
  const playing = (id: ViewOperation): string | undefined => {
    const played = fake.scenarios[id];
    if (played) {
      if (!listed.has(id)) listed.set(id, specScenarios(id));
      if (!listed.get(id)!.includes(played)) violations.push(`the fake plays ${played} for ${id}, which HMRC's test data does not list`);
    }
    return played;
  };

  /** Answer through the specification: a response the spec does not allow is a violation too. */
  const answer = (res: http.ServerResponse, operationId: string, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const problems = fake.checkAnswer(operationId, status, body);
    if (problems.length) violations.push(`fake's ${operationId} ${status} answer: ${problems.join(', ')}`);
    res.writeHead(status, { 'Content-Type': 'application/json', 'X-CorrelationId': randomUUID(), ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, operationId: string, status: number, code: string, message: string) =>
    answer(res, operationId, status, { code, message });

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readForm(req);

      // A browser on the grant page asks for an icon: not part of HMRC's API.
      if (url.pathname === '/favicon.ico') {
        res.writeHead(404).end();
        return;
      }
      if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
        const q = url.searchParams;
        const bad = [
          q.get('response_type') !== 'code' && 'response_type must be code',
          q.get('client_id') !== FAKE_CLIENT_ID && 'unknown client_id',
          (q.get('scope') ?? '').split(' ').sort().join(' ') !== 'read:vat write:vat' && 'scope must be read:vat write:vat',
          !q.get('state') && 'state is missing',
          q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
          !/^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? '') && 'code_challenge is not a SHA-256 in base64url',
          !q.get('redirect_uri') && 'redirect_uri is missing',
        ].filter(Boolean) as string[];
        if (bad.length) {
          violations.push(...bad.map((b) => `authorize: ${b}`));
          res.writeHead(400, { 'Content-Type': 'text/plain' });
          res.end(bad.join('\n'));
          return;
        }
        const hidden = ['state', 'code_challenge', 'redirect_uri'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k)!)}">`).join('');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><html lang="en"><head><title>Grant authority - HMRC (fake)</title></head><body><main><h1>Grant authority</h1><p>Docket wants to view and change your VAT information.</p><form method="post" action="/oauth/authorize">${hidden}<button type="submit" name="decision" value="grant">Grant authority</button><button type="submit" name="decision" value="deny">Do not grant authority</button></form></main></body></html>`,
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/oauth/authorize') {
        const f = new URLSearchParams(raw);
        const back = new URL(f.get('redirect_uri')!);
        back.searchParams.set('state', f.get('state')!);
        if (f.get('decision') === 'grant') {
          const code = randomBytes(12).toString('hex');
          codes.set(code, { challenge: f.get('code_challenge')!, redirectUri: f.get('redirect_uri')!, used: false });
          back.searchParams.set('code', code);
        } else {
          back.searchParams.set('error', 'access_denied');
        }
        res.writeHead(302, { Location: back.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const f = new URLSearchParams(raw);
        tokenRequests.push({ grant_type: f.get('grant_type') ?? '' });
        const refuse = (why: string) => {
          res.writeHead(400, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_grant', error_description: why }));
        };
        if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') violations.push('token: body must be form-encoded');
        if (f.get('client_id') !== FAKE_CLIENT_ID || f.get('client_secret') !== FAKE_CLIENT_SECRET) return refuse('bad client');
        if (f.get('grant_type') === 'authorization_code') {
          const c = codes.get(f.get('code') ?? '');
          if (!c || c.used) return refuse('unknown or used code');
          c.used = true;
          if (c.redirectUri !== f.get('redirect_uri')) return refuse('redirect_uri differs');
          if (sha256url(f.get('code_verifier') ?? '') !== c.challenge) {
            violations.push('token: the PKCE verifier does not match the challenge');
            return refuse('code_verifier');
          }
        } else if (f.get('grant_type') === 'refresh_token') {
          const r = f.get('refresh_token') ?? '';
          if (!refresh.get(r)) return refuse('unknown or used refresh token');
          // Single use, as HMRC's.
          refresh.set(r, false);
        } else return refuse('grant_type');
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(issueTokens()));
        return;
      }

      // The VAT endpoints: route and validate through the specification.
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
      let body: unknown = undefined;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          violations.push(`${req.method} ${url.pathname}: body is not JSON`);
        }
      }
      calls.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
      const request = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body };
      const operation = api.matchOperation(request);
      if (!operation) {
        violations.push(`${req.method} ${url.pathname}: not in the specification`);
        res.writeHead(404).end();
        return;
      }
      const id = operation.operationId!;
      const check = api.validateRequest(request, operation);
      if (check.errors?.length) {
        violations.push(`our ${id} request: ${JSON.stringify(check.errors)}`);
        return error(res, id, 400, 'INVALID_REQUEST', 'Invalid request');
      }
      if (headers.accept !== 'application/vnd.hmrc.1.0+json') violations.push(`our ${id} request: Accept must be application/vnd.hmrc.1.0+json`);
      for (const p of fraudHeaderProblems(req.headers)) violations.push(`our ${id} request: ${p}`);
      const token = /^Bearer (\S+)$/.exec(headers.authorization ?? '')?.[1];
      const t = token ? access.get(token) : undefined;
      if (!t || !t.valid || t.expires < Date.now()) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' }));
        return;
      }
      if (fake.scenario === 'UNAVAILABLE') {
        res.writeHead(503, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' }));
        return;
      }
      const vrn = String(operation.path).includes('{vrn}') ? url.pathname.split('/')[3]! : '';
      if (fake.scenario === 'INVALID_VRN' || !/^\d{9}$/.test(vrn)) return error(res, id, 400, 'VRN_INVALID', 'The provided VRN is invalid');

      if (id === 'RetrieveVATobligations') {
        const status = url.searchParams.get('status');
        if (status !== 'O' && (!url.searchParams.get('from') || !url.searchParams.get('to')))
          return error(res, id, 400, 'INVALID_DATE_FROM', 'The provided from date is invalid');
        // A period is fulfilled for the VRN that filed it: each business has its own obligations.
        const own = fake.obligations.map((o) =>
          received.has(`${vrn}:${o.periodKey}`) ? { ...o, status: 'F' as const, received: received.get(`${vrn}:${o.periodKey}`)! } : o,
        );
        const all = fake.scenario === 'QUARTERLY_NONE_MET' ? own.map(({ received: _r, ...o }) => ({ ...o, status: 'O' as const })) : own;
        const list = all.filter((o) => !status || o.status === status);
        if (!list.length) return error(res, id, 404, 'NOT_FOUND', 'The requested resource could not be found');
        return answer(res, id, 200, { obligations: list });
      }
      if (id === 'RetrieveVATliabilities' || id === 'RetrieveVATpayments') {
        const played = playing(id);
        if (played === 'INSOLVENT_TRADER')
          return error(res, id, 403, 'RULE_INSOLVENT_TRADER', 'The remote endpoint has indicated that the Trader is insolvent');
        const from = url.searchParams.get('from') ?? '';
        const to = url.searchParams.get('to') ?? '';
        const day = /^\d{4}-\d{2}-\d{2}$/;
        // HMRC's limits: Docket checks them first, so meeting one here is a violation as well as HMRC's 400.
        const wrong =
          !day.test(from) || from < '2017-12-01'
            ? ['DATE_FROM_INVALID', 'The provided from date is invalid']
            : !day.test(to) || to > new Date().toISOString().slice(0, 10)
              ? ['DATE_TO_INVALID', 'The provided to date is invalid']
              : from > to || (Date.parse(to) - Date.parse(from)) / 86_400_000 > 365
                ? ['DATE_RANGE_INVALID', 'Invalid date range, must be 365 days or less']
                : null;
        if (wrong) {
          violations.push(`our ${id} request: ${wrong[0]} (${from} to ${to})`);
          return error(res, id, 400, wrong[0]!, wrong[1]!);
        }
        if (id === 'RetrieveVATliabilities') {
          const inRange = fake.liabilities.filter((l) => !l.taxPeriod || (l.taxPeriod.to >= from && l.taxPeriod.to <= to));
          const list = played === 'MULTIPLE_LIABILITIES' ? inRange : played === 'SINGLE_LIABILITY' ? inRange.slice(0, 1) : [];
          if (!list.length) return error(res, id, 404, 'NOT_FOUND', 'The requested resource could not be found');
          return answer(res, id, 200, { liabilities: list });
        }
        const inRange = fake.payments.filter((p) => !p.received || (p.received >= from && p.received <= to));
        const list = played === 'MULTIPLE_PAYMENTS' ? inRange : played === 'SINGLE_PAYMENT' ? inRange.slice(0, 1) : [];
        if (!list.length) return error(res, id, 404, 'NOT_FOUND', 'The requested resource could not be found');
        return answer(res, id, 200, { payments: list });
      }
      if (id === 'ViewVATReturn') {
        const played = playing(id);
        if (played === 'INSOLVENT_TRADER')
          return error(res, id, 403, 'RULE_INSOLVENT_TRADER', 'The remote endpoint has indicated that the Trader is insolvent');
        if (played === 'DATE_RANGE_TOO_LARGE')
          return error(res, id, 403, 'DATE_RANGE_TOO_LARGE', 'The date of the requested return cannot be further than four years from the current date');
        const periodKey = decodeURIComponent(url.pathname.split('/')[5] ?? '');
        const found = submitted.get(`${vrn}:${periodKey}`);
        if (!found) return error(res, id, 404, 'NOT_FOUND', 'The requested resource could not be found');
        const { finalised: _f, ...figures } = found;
        return answer(res, id, 200, figures);
      }
      if (id === 'SubmitVATreturnforperiod') {
        const b = body as Record<string, unknown>;
        if (b.finalised !== true) return error(res, id, 403, 'NOT_FINALISED', 'User has not declared VAT return as final');
        const key = `${vrn}:${String(b.periodKey)}`;
        if (fake.scenario === 'DUPLICATE_SUBMISSION' || submitted.has(key))
          return error(res, id, 403, 'DUPLICATE_SUBMISSION', 'The VAT return was already submitted for the given period');
        if (fake.scenario === 'TAX_PERIOD_NOT_ENDED')
          return error(res, id, 403, 'TAX_PERIOD_NOT_ENDED', 'The remote endpoint has indicated that the submission is for a tax period that has not ended');
        const n = (v: unknown) => Math.round(Number(v) * 100);
        if (n(b.totalVatDue) !== n(b.vatDueSales) + n(b.vatDueAcquisitions))
          return error(res, id, 400, 'VAT_TOTAL_VALUE', 'totalVatDue should be equal to the sum of vatDueSales and vatDueAcquisitions');
        if (n(b.netVatDue) !== Math.abs(n(b.totalVatDue) - n(b.vatReclaimedCurrPeriod)))
          return error(res, id, 400, 'VAT_NET_VALUE', 'netVatDue should be the difference');
        submitted.set(key, b);
        received.set(key, new Date().toISOString().slice(0, 10));
        const owed = n(b.netVatDue) > 0 && n(b.totalVatDue) > n(b.vatReclaimedCurrPeriod);
        return answer(
          res,
          id,
          201,
          {
            processingDate: new Date().toISOString(),
            formBundleNumber: String(100_000_000_000 + submitted.size),
            paymentIndicator: owed ? 'DD' : 'BANK',
            ...(owed ? { chargeRefNumber: `XQ${randomBytes(5).toString('hex').toUpperCase()}` } : {}),
          },
          { 'Receipt-ID': randomUUID(), 'Receipt-Timestamp': new Date().toISOString() },
        );
      }
      violations.push(`${id}: Docket is not expected to call it`);
      res.writeHead(404).end();
    })().catch((err: unknown) => {
      violations.push(`fake HMRC crashed: ${String(err)}`);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  fake.apiBase = `http://127.0.0.1:${port}`;
  fake.authBase = `http://127.0.0.1:${port}`;
  return fake;
}
