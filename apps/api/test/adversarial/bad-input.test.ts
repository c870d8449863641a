import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../test-app.ts';
import { brokenBodies, describeValue, hostileIds, hostileQueryParts, invalid, toBody, type Entries } from './hostile.ts';
import { ROUTES, hostileBody, routeByLabel, type OwnIds, type RouteSpec } from './routes.ts';
import { countCase, expectCleanRefusal, fillPath, fingerprint, listen, routeExists, stats, type Fingerprint, report } from './support.ts';

/** One seed for the whole file; FC_SEED=<n> replays a run exactly. */
const SEED = Number(process.env.FC_SEED ?? 20_261_122);
const RUNS = { bodies: 900, wholeBodies: 220, paths: 420, queries: 300, readOnly: 180 };

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let user: TestUser;
let ids: OwnIds;
let active: RouteSpec[];
let before: Fingerprint;

const JSON_TYPE = { 'content-type': 'application/json' };
const call = (r: RouteSpec, path: string, headers: Record<string, string>, body?: Buffer | string) =>
  http.send(r.method, `/api${path}`, { ...user.auth, ...headers }, body);

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  user = await registerUser(t.app);
  const agent = http.agent;
  await agent().post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  const client = await agent().post('/api/clients').set(user.auth).send(sampleClient()).expect(201);
  const item = await agent().post('/api/items').set(user.auth).send({ name: 'Pipe', description: '15 mm', price: 3 }).expect(201);
  ids = { clientId: client.body.data.id, itemId: item.body.data.id };
  const expense = await agent()
    .post('/api/expenses')
    .set(user.auth)
    .send({ date: '2030-01-02', supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 10, vat: 'STANDARD' });
  if (expense.status === 201) ids.expenseId = expense.body.data.id;
  const bankAccount = await agent().post('/api/bank-accounts').set(user.auth).send({ name: 'Business current' });
  if (bankAccount.status === 201) {
    ids.bankAccountId = bankAccount.body.data.id;
    await agent()
      .post(`/api/bank-accounts/${ids.bankAccountId}/statements?format=csv&preset=santander`)
      .set(user.auth)
      .set('content-type', 'text/csv')
      .send('Date,Description,Amount,Balance\n01/01/2030,INTEREST,1.00,\n');
    ids.bankLineId = (await agent().get(`/api/bank-accounts/${ids.bankAccountId}/lines`).set(user.auth)).body.data[0].id;
  }
  const bankRule = await agent()
    .post('/api/bank-rules')
    .set(user.auth)
    .send({ match: 'SCREWFIX', supplier: 'Screwfix', category: 'COST_OF_GOODS', vat: 'STANDARD' });
  if (bankRule.status === 201) ids.bankRuleId = bankRule.body.data.id;
  const line = { description: 'Labour', quantity: 1, unitPrice: 40 };
  const quote = await agent()
    .post('/api/quotes')
    .set(user.auth)
    .send({ clientId: ids.clientId, lineItems: [line], tax: 20 });
  if (quote.status === 201) ids.quoteId = quote.body.data.id;
  const invoice = await agent()
    .post('/api/invoices')
    .set(user.auth)
    .send({ clientId: ids.clientId, lineItems: [line], tax: 20, dueDate: '2030-01-31' });
  if (invoice.status === 201) ids.invoiceId = invoice.body.data.id;
  const sent = await agent()
    .post('/api/invoices')
    .set(user.auth)
    .send({ clientId: ids.clientId, lineItems: [line], tax: 20, dueDate: '2030-01-31' });
  if (sent.status === 201) {
    ids.sentInvoiceId = sent.body.data.id;
    await agent().patch(`/api/invoices/${ids.sentInvoiceId}/send`).set(user.auth);
    const note = await agent()
      .post(`/api/invoices/${ids.sentInvoiceId}/credit-notes`)
      .set(user.auth)
      .send({ reason: 'Seed', lineItems: [{ description: 'Labour', quantity: 0.25, unitPrice: 40 }] });
    if (note.status === 201) ids.creditNoteId = note.body.data.id;
  }
  const event = await agent().post('/api/calendar').set(user.auth).send({ title: 'Visit', startDate: '2030-01-01T09:00:00Z', endDate: '2030-01-01T10:00:00Z' });
  if (event.status === 201) ids.eventId = event.body.data.id;
  const recurring = await agent()
    .post('/api/recurring-invoices')
    .set(user.auth)
    .send({ clientId: ids.clientId, lineItems: [line], tax: 20, frequency: 'MONTHLY', startDate: '2030-01-31', dueDays: 14, autoSend: false });
  if (recurring.status === 201) ids.recurringId = recurring.body.data.id;

  active = [];
  for (const r of ROUTES) if (await routeExists(agent, user.auth, r)) active.push(r);
  // The probes above may have been refused writes only; start the ledger after them.
  before = await fingerprint(t.ctx.db);
  report(`bad-input seed=${SEED} routes=${active.length}/${ROUTES.length}: ${active.map((r) => `${r.method.toUpperCase()} ${r.path}`).join(', ')}`);
});

afterAll(async () => {
  report(`bad-input summary: seed=${SEED} cases=${stats.cases} writes-checked=${stats.writesChecked} 5xx=${stats.fiveHundreds}`);
  await http?.close();
  await t?.close();
});

/** After every case: the database is exactly as it was and nothing leaked into Object.prototype. */
/**
 * `recorded`: a download that is answered writes one row saying who made it (export_runs,
 * docs/product.md "Accounts and roles") and nothing else; a refused one writes nothing.
 */
async function expectNothingWritten(context: string, recorded?: { answered: boolean }) {
  const after = await fingerprint(t.ctx.db);
  stats.writesChecked += 1;
  const previous = before;
  // Re-base so one failure does not cascade into every later property.
  before = after;
  if (recorded) {
    const { export_runs: runsAfter, ...restAfter } = after;
    const { export_runs: runsBefore, ...restBefore } = previous;
    expect(runsAfter?.rows, `export rows after ${context}`).toBe((runsBefore?.rows ?? 0) + (recorded.answered ? 1 : 0));
    expect(restAfter, `rows changed after ${context}`).toEqual(restBefore);
  } else expect(after, `rows changed after ${context}`).toEqual(previous);
  expect(({} as Record<string, unknown>).polluted, context).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin, context).toBeUndefined();
}

/** FC_SCALE shrinks runs while debugging; the committed default is the full count. */
const SCALE = Number(process.env.FC_SCALE ?? 1);
/** Start each property from the database as it is (an earlier failure may have written). */
async function rebase() {
  before = await fingerprint(t.ctx.db);
}

const fcOptions = (numRuns: number) => ({ seed: SEED, numRuns: Math.ceil(numRuns * SCALE), endOnFailure: true, verbose: 1 as const });

describe('hostile input on every route', () => {
  it('when a body carries wrong types, missing fields, bad text or hostile keys, then 4xx, a clear message and nothing written', async () => {
    await rebase();
    const routes = active.filter((r) => r.body);
    expect(routes.length).toBeGreaterThan(0);
    const cases = fc.constantFrom(...routes.map((r) => r.label!)).chain((label) => fc.tuple(fc.constant(label), hostileBody(routeByLabel(label).body!, ids)));
    await fc.assert(
      fc.asyncProperty(cases, async ([label, body]: [string, Entries]) => {
        const r = routeByLabel(label);
        const own = Object.fromEntries(Object.entries(r.own ?? {}).map(([p, k]) => [p, ids[k] ?? '']));
        const path = fillPath(r.path, own);
        const context = `${r.method.toUpperCase()} ${path} ${describeValue(body)}`;
        const res = await call(r, path, JSON_TYPE, toBody(body));
        countCase(res.status);
        expectCleanRefusal(res, context);
        await expectNothingWritten(context);
      }),
      fcOptions(RUNS.bodies),
    );
  });

  it('when the body is not a JSON object (broken, deep, huge, wrong encoding or type), then 4xx and nothing written', async () => {
    await rebase();
    const routes = active.filter((r) => r.body);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes.map((x) => x.label!)), brokenBodies, async (label, b) => {
        const r = routeByLabel(label);
        const own = Object.fromEntries(Object.entries(r.own ?? {}).map(([p, k]) => [p, ids[k] ?? '']));
        const path = fillPath(r.path, own);
        const context = `${r.method.toUpperCase()} ${path} [${b.contentType}] ${String(b.body).slice(0, 80)}`;
        const res = await call(r, path, { 'content-type': b.contentType }, b.body);
        countCase(res.status);
        expectCleanRefusal(res, context);
        await expectNothingWritten(context);
      }),
      fcOptions(RUNS.wholeBodies),
    );
  });

  it('when a path parameter is not an id of the caller, then 4xx and nothing written', async () => {
    await rebase();
    const routes = active.filter((r) => r.path.includes(':'));
    const dateish = invalid.dateTime.filter((v): v is string => typeof v === 'string' && v.length > 0).map(encodeURIComponent);
    const param = fc.oneof(hostileIds, fc.uuid({ version: 4 }), dateish);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes.map((x) => x.label!)), param, param, async (label, a, b) => {
        const r = routeByLabel(label);
        let n = 0;
        const path = r.path.replace(/:(\w+)/g, () => (n++ === 0 ? a : b));
        const context = `${r.method.toUpperCase()} ${path.slice(0, 200)}`;
        // A valid body: only the path is wrong, so a refusal proves the path was checked.
        const body = r.body ? r.body.valid(ids) : {};
        const res = await call(r, path, JSON_TYPE, JSON.stringify(body));
        countCase(res.status);
        expectCleanRefusal(res, context);
        await expectNothingWritten(context);
      }),
      fcOptions(RUNS.paths),
    );
  });

  it('when a list query has a bad limit, cursor, search, client id or status, then 4xx', async () => {
    await rebase();
    const routes = active.filter((r) => r.listQuery);
    const keys = Object.keys(hostileQueryParts) as (keyof typeof hostileQueryParts)[];
    const part = fc.constantFrom(...keys).chain((k) => hostileQueryParts[k].map((v) => [k, v] as const));
    const query = fc.tuple(fc.array(part, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([parts, twice]) => {
      const qs = parts.map(([k, v]) => `${k}=${v}`);
      // the same key twice arrives as an array
      if (twice) qs.push(`${parts[0]![0]}=1`);
      return qs.join('&');
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes.map((x) => x.label!)), query, async (label, qs) => {
        const r = routeByLabel(label);
        const context = `GET ${r.path}?${qs.slice(0, 200)}`;
        const res = await call(r, `${r.path}?${qs}`, {});
        countCase(res.status);
        expectCleanRefusal(res, context);
        await expectNothingWritten(context);
      }),
      fcOptions(RUNS.queries),
    );
  });

  it('when a read-only route gets junk queries and bodies, then it never fails with 5xx and writes nothing', async () => {
    await rebase();
    const routes = active.filter((r) => r.method === 'get');
    const junkQuery = fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes.map((x) => x.label!)), junkQuery, fc.jsonValue({ maxDepth: 3 }), async (label, q, body) => {
        const r = routeByLabel(label);
        const qs = q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        const path = `${fillPath(r.path)}${qs ? `?${qs}` : ''}`;
        const context = `GET ${path.slice(0, 200)}`;
        const res = await call(r, path, JSON_TYPE, JSON.stringify(body));
        countCase(res.status);
        expect(res.status, `${context} -> ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expectCleanRefusal(res, context);
        await expectNothingWritten(context, /^\/exports\/.+\.(csv|zip)$/.test(r.path) ? { answered: res.status === 200 } : undefined);
      }),
      fcOptions(RUNS.readOnly),
    );
  });

  it('when the generated cases are counted, then at least 2,000 ran and none answered 5xx', () => {
    expect(stats.cases).toBeGreaterThanOrEqual(2000);
    expect(stats.fiveHundreds).toBe(0);
  });
});
