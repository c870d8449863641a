import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, joinAccount, registerUser, sampleClient, sampleCompany, type TestApp, type TestRole, type TestUser } from '../test-app.ts';
import { ROUTES, type OwnIds, type RouteSpec } from './routes.ts';
import { countCase, fingerprint, listen, report, routeExists, stats, type Method } from './support.ts';

/**
 * The role matrix (docs/product.md, "Accounts and roles"): every route run as each role of one
 * account, allowed or 403 with nothing changed, and as a member of another account (404). The
 * expectations below are written from the product rules, apart from the permission each route
 * declares (its `permission`, src/http/route.ts), so a wrong declaration fails here.
 */
let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let owner: TestUser;
let ids: Required<OwnIds>;
let members: Record<Exclude<TestRole, 'OWNER'>, TestUser>;
let outsider: TestUser;
let otherOwner: TestUser;
let active: RouteSpec[];

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const REFUSED = { success: false, error: 'Your role does not allow this', code: 'FORBIDDEN' };
const JSON_TYPE = { 'content-type': 'application/json' };
const send = (method: Method, p: string, auth: Record<string, string>, body?: unknown) =>
  http.send(method, `/api${p}`, { ...auth, ...(body === undefined ? {} : JSON_TYPE) }, body === undefined ? undefined : JSON.stringify(body));

/** Routes that need no session, or only the user's own (no account): not part of the matrix. */
const NOT_ACCOUNT =
  /^(post \/auth\/(register|login|forgot-password|reset-password|verify-email|resend-verification|switch)|(get|patch) \/auth\/me|get \/accounts|post \/account\/invitations\/:token\/accept)$/;

const ENGINEER_MAY = [
  'get /clients',
  'get /clients/:id',
  'post /clients',
  'get /items',
  'get /items/:id',
  'get /quotes',
  'get /quotes/:id',
  'post /quotes',
  'put /quotes/:id',
  'get /calendar',
  'get /calendar/:id',
  'get /calendar/range/:start/:end',
  'post /calendar',
  'put /calendar/:id',
  'delete /calendar/:id',
  'post /calendar/from-quote/:quoteId',
  'get /company',
  'get /account',
];
const TEAM = [
  'delete /account',
  'get /account/invitations',
  'post /account/invitations',
  'post /account/invitations/:id/resend',
  'delete /account/invitations/:id',
  'patch /account/members/:userId',
  'delete /account/members/:userId',
];

/** Filing VAT with HMRC: owners and accountants only (docs/product.md, "Filing VAT returns with HMRC"). */
const isVatFiling = (route: RouteSpec) => route.path.startsWith('/mtd/vat/');

/** What the product rules allow `role` to do with `route`. */
function allowed(role: TestRole, route: RouteSpec): boolean {
  const key = `${route.method} ${route.path}`;
  if (role === 'OWNER') return true;
  if (isVatFiling(route)) return role === 'ACCOUNTANT';
  if (role === 'OFFICE') return !TEAM.includes(key);
  if (role === 'ACCOUNTANT') return (route.method === 'get' && !TEAM.includes(key)) || key === 'post /company/email-templates/preview';
  return ENGINEER_MAY.includes(key) || key.startsWith('get /subscription/');
}

async function seed(user: TestUser): Promise<Required<OwnIds>> {
  const ok = async (method: Method, p: string, body?: unknown) => {
    const res = await send(method, p, user.auth, body);
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${res.text}`);
    return (res.body as { data: { id: string } }).data;
  };
  await ok('post', '/company', sampleCompany());
  const client = await ok('post', '/clients', sampleClient());
  const item = await ok('post', '/items', { name: 'Pipe', description: '15 mm', price: 3 });
  const line = { description: 'Labour', quantity: 1, unitPrice: 40 };
  const quote = await ok('post', '/quotes', { clientId: client.id, lineItems: [line], tax: 20 });
  const invoice = await ok('post', '/invoices', { clientId: client.id, lineItems: [line], tax: 20, dueDate: '2030-01-31' });
  const sent = await ok('post', '/invoices', { clientId: client.id, lineItems: [line], tax: 20, dueDate: '2030-01-31' });
  await ok('patch', `/invoices/${sent.id}/send`);
  const note = await ok('post', `/invoices/${sent.id}/credit-notes`, { reason: 'Seed', lineItems: [{ description: 'Labour', quantity: 0.5, unitPrice: 40 }] });
  const event = await ok('post', '/calendar', { title: 'Visit', startDate: '2030-01-01T09:00:00Z', endDate: '2030-01-01T10:00:00Z', clientId: client.id });
  const expense = await ok('post', '/expenses', { date: '2030-01-02', supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 10, vat: 'STANDARD' });
  const bankAccount = await ok('post', '/bank-accounts', { name: 'Business current' });
  await http.send(
    'post',
    `/api/bank-accounts/${bankAccount.id}/statements?format=csv&preset=santander`,
    { ...user.auth, 'content-type': 'text/csv' },
    'Date,Description,Amount,Balance\n01/01/2030,INTEREST,1.00,\n',
  );
  const bankLine = ((await send('get', `/bank-accounts/${bankAccount.id}/lines`, user.auth)).body as { data: { id: string }[] }).data[0]!;
  const bankRule = await ok('post', '/bank-rules', { match: 'SCREWFIX', supplier: 'Screwfix', category: 'COST_OF_GOODS', vat: 'STANDARD' });
  const recurring = await ok('post', '/recurring-invoices', {
    clientId: client.id,
    lineItems: [line],
    tax: 20,
    frequency: 'MONTHLY',
    startDate: '2030-01-31',
    dueDays: 14,
    autoSend: false,
  });
  return {
    clientId: client.id,
    itemId: item.id,
    quoteId: quote.id,
    invoiceId: invoice.id,
    eventId: event.id,
    sentInvoiceId: sent.id,
    creditNoteId: note.id,
    recurringId: recurring.id,
    expenseId: expense.id,
    bankAccountId: bankAccount.id,
    bankLineId: bankLine.id,
    bankRuleId: bankRule.id,
  };
}

function pathFor(route: RouteSpec, own: Required<OwnIds>, extra: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => {
    if (extra[name]) return extra[name]!;
    if (name === 'quoteId') return own.quoteId;
    if (route.own?.[name]) return own[route.own[name]];
    if (name === 'start') return '2029-01-01';
    if (name === 'end') return '2031-01-01';
    const area = route.path.split('/')[1]!;
    const byArea: Record<string, string> = {
      clients: own.clientId,
      items: own.itemId,
      quotes: own.quoteId,
      invoices: own.invoiceId,
      calendar: own.eventId,
      'recurring-invoices': own.recurringId,
      'credit-notes': own.creditNoteId,
      expenses: own.expenseId,
      'bank-accounts': own.bankAccountId,
      'bank-lines': own.bankLineId,
      'bank-rules': own.bankRuleId,
    };
    return byArea[area] ?? own.clientId;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  owner = await registerUser(t.app);
  ids = await seed(owner);
  members = {
    OFFICE: await joinAccount(t.app, owner, 'OFFICE'),
    ENGINEER: await joinAccount(t.app, owner, 'ENGINEER'),
    ACCOUNTANT: await joinAccount(t.app, owner, 'ACCOUNTANT'),
  };
  // an office member of another business, with records of its own
  otherOwner = await registerUser(t.app);
  await seed(otherOwner);
  outsider = await joinAccount(t.app, otherOwner, 'OFFICE');
  active = [];
  for (const r of ROUTES) if (!NOT_ACCOUNT.test(`${r.method} ${r.path}`) && (await routeExists(http.agent, owner.auth, r))) active.push(r);
});

afterAll(async () => {
  report(`roles summary: cases=${stats.cases}`);
  await http?.close();
  await t?.close();
});

describe('the role matrix', () => {
  it('when the matrix runs, then it covers the team routes and most of the API', () => {
    expect(active.length).toBeGreaterThan(80);
    expect(active.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(TEAM));
  });

  it.each(['OFFICE', 'ENGINEER', 'ACCOUNTANT'] as const)(
    'when a %s calls a route their role may not use, then 403 with the fixed text and nothing changes',
    async (role) => {
      const member = members[role];
      const refused = active.filter((r) => !allowed(role, r));
      expect(refused.length).toBeGreaterThan(role === 'OFFICE' ? 5 : 40);
      const before = await fingerprint(t.ctx.db);
      for (const r of refused) {
        const p = pathFor(r, ids, { userId: owner.id });
        const res = await send(r.method, p, member.auth, r.body ? r.body.valid(ids) : undefined);
        countCase(res.status);
        expect({ route: `${r.method} ${p}`, status: res.status, body: res.body }).toEqual({ route: `${r.method} ${p}`, status: 403, body: REFUSED });
      }
      expect(await fingerprint(t.ctx.db)).toEqual(before);
    },
  );

  it.each(['OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT'] as const)(
    'when a %s reads what their role may read, then it is answered (never 401 or 403)',
    async (role) => {
      const member = role === 'OWNER' ? owner : members[role];
      const reads = active.filter((r) => r.method === 'get' && allowed(role, r));
      expect(reads.length).toBeGreaterThan(role === 'ENGINEER' ? 10 : 40);
      for (const r of reads) {
        const p = pathFor(r, ids, {});
        const res = await send(r.method, p, member.auth);
        countCase(res.status);
        // answered by the route itself: 200, or its own refusal (an e-invoice without a Peppol id is a 409)
        expect([401, 403], `${role} ${r.method} ${p} -> ${res.status} ${res.text.slice(0, 200)}`).not.toContain(res.status);
        expect(res.status, `${role} ${r.method} ${p} -> ${res.status}`).toBeLessThan(500);
      }
    },
  );

  it.each(['OWNER', 'OFFICE', 'ENGINEER', 'ACCOUNTANT'] as const)(
    'when a %s calls a change their role may make, then the role check lets it through (an unknown id or a refused body, so nothing changes)',
    async (role) => {
      const member = role === 'OWNER' ? owner : members[role];
      const writes = active.filter((r) => r.method !== 'get' && allowed(role, r));
      expect(writes.length).toBeGreaterThan(role === 'ACCOUNTANT' ? 0 : 3);
      // resets and removals that take neither an id nor a body (the counters, the logo, the payment
      // settings) do their work when let through: they run last, after the fingerprint is compared
      const changesAnyway = (r: RouteSpec) => r.writesWithoutBody === true && !r.path.includes(':');
      const call = async (r: RouteSpec) => {
        // the role check runs before the path and body are read: a refusal now can only come from the route itself
        const p = r.path.replace(/:(\w+)/g, () => UNKNOWN_ID);
        const res = await send(r.method, p, member.auth, { zzNotAField: 1 });
        countCase(res.status);
        expect([401, 403], `${role} ${r.method} ${p} -> ${res.status} ${res.text.slice(0, 200)}`).not.toContain(res.status);
        expect(res.status, `${role} ${r.method} ${p} -> ${res.status}`).toBeLessThan(500);
      };
      const before = await fingerprint(t.ctx.db);
      for (const r of writes.filter((w) => !changesAnyway(w))) await call(r);
      expect(await fingerprint(t.ctx.db)).toEqual(before);
      for (const r of writes.filter(changesAnyway)) await call(r);
    },
  );

  it('when an engineer does what the field may do, then it is done', async () => {
    const eng = members.ENGINEER;
    const client = await send('post', '/clients', eng.auth, sampleClient({ name: 'Found on site' }));
    expect(client.status).toBe(201);
    const quote = await send('post', '/quotes', eng.auth, {
      clientId: ids.clientId,
      lineItems: [{ description: 'Survey', quantity: 1, unitPrice: 10 }],
      tax: 20,
    });
    expect(quote.status).toBe(201);
    const edited = await send('put', `/quotes/${(quote.body as { data: { id: string } }).data.id}`, eng.auth, {
      clientId: ids.clientId,
      lineItems: [{ description: 'Survey and report', quantity: 1, unitPrice: 10 }],
      tax: 20,
    });
    expect(edited.status).toBe(200);
    const event = await send('post', '/calendar', eng.auth, {
      title: 'Boiler service',
      startDate: '2030-02-01T09:00:00Z',
      endDate: '2030-02-01T10:00:00Z',
      notes: 'Side gate',
    });
    expect(event.status).toBe(201);
  });

  it.each(['OWNER', 'OFFICE'] as const)(
    "when a member of another account (its %s) names this account's records, then 404/400 and nothing changes",
    async (role) => {
      const outsiderOf = role === 'OWNER' ? otherOwner : outsider;
      const routes = active.filter((r) => r.path.includes(':') && allowed(role, r) && !r.path.startsWith('/calendar/range'));
      expect(routes.length).toBeGreaterThan(40);
      const before = await fingerprint(t.ctx.db);
      for (const r of routes) {
        const p = pathFor(r, ids, { userId: members.OFFICE.id });
        const res = await send(r.method, p, outsiderOf.auth, r.body ? r.body.valid(ids) : undefined);
        countCase(res.status);
        expect([400, 404], `${r.method} ${p} -> ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        expect(res.text).not.toContain('Acme Plumbing');
      }
      expect(await fingerprint(t.ctx.db)).toEqual(before);
    },
  );
});
