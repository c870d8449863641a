import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { MTD_MESSAGES } from '@docket/schemas/mtd';
import { creditNotes, invoices, mtdConnections, vatReturns } from '../../db/schema.ts';
import { createTestApp, joinAccount, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  HMRC_SCENARIOS,
  VIEW_SCENARIOS,
  specOrSkip,
  specScenarios,
  startFakeHmrc,
  type FakeHmrc,
} from '../../../test/fake-hmrc.ts';

/** What the web app sends with each HMRC-bound call (features/vat/fraud-prevention.ts). */
export const BROWSER = {
  'Gov-Client-Browser-JS-User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Gov-Client-Device-ID': 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1&colour-depth=24',
  'Gov-Client-Window-Size': 'width=1280&height=800',
  'Gov-Client-Timezone': 'UTC+01:00',
};
const VRN = '123456782';
/** A second business's VRN (mod 97): its own obligations at the fake. */
const VRN2 = '987654353';
/** A third business's VRN (mod 97): it files a quarter with purchases. */
const VRN3 = '111111107';

/** The return HMRC is sent for a period, as the VAT report of exactly that period gives it (docs/product.md). */
const returnOfReport = (periodKey: string, r: Record<string, number>) => ({
  periodKey,
  vatDueSales: r.box1,
  vatDueAcquisitions: r.box2,
  totalVatDue: r.box3,
  vatReclaimedCurrPeriod: r.box4,
  netVatDue: Math.abs(r.box5!),
  totalValueSalesExVAT: Math.trunc(r.box6!),
  totalValuePurchasesExVAT: Math.trunc(r.box7!),
  totalValueGoodsSuppliedExVAT: Math.trunc(r.box8!),
  totalAcquisitionsExVAT: Math.trunc(r.box9!),
  finalised: true,
});

const hasSpec = specOrSkip();

describe.skipIf(!hasSpec)('Making Tax Digital for VAT against a fake HMRC that checks every call against its specification', () => {
  let fake: FakeHmrc;
  let t: TestApp;
  let owner: TestUser;
  let inQuarter: string;
  let draftInQuarter: string;

  /** The whole grant: our connect, HMRC's page, "Grant authority", HMRC's redirect to our callback. */
  async function connect(user: TestUser, decision: 'grant' | 'deny' = 'grant') {
    const start = await request(t.app).get('/api/mtd/vat/connect').set(user.auth).set('Accept', 'application/json');
    expect(start.status).toBe(200);
    const authorise = new URL(start.body.data.url as string);
    const page = await fetch(authorise);
    expect(await page.text()).toContain('Grant authority');
    const form = new URLSearchParams({
      state: authorise.searchParams.get('state')!,
      code_challenge: authorise.searchParams.get('code_challenge')!,
      redirect_uri: authorise.searchParams.get('redirect_uri')!,
      decision,
    });
    const granted = await fetch(`${fake.authBase}/oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(granted.headers.get('location')!);
    expect(back.pathname).toBe('/api/mtd/vat/callback');
    return request(t.app).get(`${back.pathname}${back.search}`);
  }

  /** Q3 2026 (26A3): one invoice in the quarter, part paid in it; one the quarter after; a draft dated in it. */
  async function seedQuarter(user: TestUser, vrn: string) {
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(user.auth)
          .send(sampleCompany({ vatNumber: `GB ${vrn}` }))
      ).status,
    ).toBe(201);
    const client = await createClient(t.app, user);
    const issue = async (lineItems: unknown[], at: string) => {
      const res = await request(t.app)
        .post('/api/invoices')
        .set(user.auth)
        .send(invoiceBody(client.id, { lineItems, dueDate: '2026-12-31' }));
      expect(res.status).toBe(201);
      await t.ctx.db
        .update(invoices)
        .set({ createdAt: new Date(at) })
        .where(eq(invoices.id, res.body.data.id));
      expect((await act(t.app, user, 'invoices', res.body.data.id, 'send')).status).toBe(200);
      return res.body.data.id as string;
    };
    const first = await issue(
      [
        { description: 'Rewire', quantity: 1, unitPrice: 1234.56, vat: 'STANDARD' },
        { description: 'Boiler', quantity: 1, unitPrice: 99.99, vat: 'REDUCED' },
      ],
      '2026-08-10T10:00:00Z',
    );
    await issue([{ description: 'Later', quantity: 1, unitPrice: 500, vat: 'STANDARD' }], '2026-10-02T10:00:00Z');
    expect((await request(t.app).post(`/api/invoices/${first}/payments`).set(user.auth).send({ amount: 700, date: '2026-09-01' })).status).toBe(201);
    const draft = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(client.id, { lineItems: [{ description: 'Forgotten', quantity: 1, unitPrice: 80, vat: 'STANDARD' }], dueDate: '2026-12-31' }));
    await t.ctx.db
      .update(invoices)
      .set({ createdAt: new Date('2026-09-20T10:00:00Z') })
      .where(eq(invoices.id, draft.body.data.id));
    return { inQuarter: first, draftInQuarter: draft.body.data.id as string };
  }

  beforeAll(async () => {
    fake = await startFakeHmrc();
    t = await createTestApp({
      // HMRC sends the browser back to the redirect URI registered for the application: one fixed origin.
      publicAppUrl: 'http://docket.test',
      hmrc: {
        clientId: FAKE_CLIENT_ID,
        clientSecret: FAKE_CLIENT_SECRET,
        apiBase: fake.apiBase,
        authBase: fake.authBase,
        secretsKey: randomBytes(32).toString('hex'),
      },
    });
    owner = await registerUser(t.app);
    ({ inQuarter, draftInQuarter } = await seedQuarter(owner, VRN));
  });
  afterEach(() => {
    expect(fake.violations).toEqual([]);
    fake.scenario = 'QUARTERLY_ONE_MET';
    fake.scenarios = {};
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('when the company VAT number fails the HMRC check, then connecting is refused in plain words and HMRC is not asked', async () => {
    const other = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(other.auth)
      .send(sampleCompany({ vatNumber: 'GB123456789' }));
    const res = await request(t.app).get('/api/mtd/vat/connect').set(other.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MTD_MESSAGES.invalidVrn);
  });

  it('when the owner grants authority on the HMRC page, then the account is connected with its VRN and the tokens are stored encrypted', async () => {
    const before = await request(t.app).get('/api/mtd/vat/status').set(owner.auth);
    expect(before.body.data).toEqual({ configured: true, connected: false, vrn: VRN });
    const back = await connect(owner);
    expect(back.status).toBe(302);
    expect(back.headers.location).toMatch(/\/vat\?hmrc=connected$/);
    const status = await request(t.app).get('/api/mtd/vat/status').set(owner.auth);
    expect(status.body.data).toMatchObject({ configured: true, connected: true, vrn: VRN });
    const [row] = await t.ctx.db.select().from(mtdConnections);
    expect(row!.accessToken.startsWith('v1.')).toBe(true);
    expect(fake.tokenRequests.at(-1)).toEqual({ grant_type: 'authorization_code' });
  });

  it('when the callback comes back with a state we did not issue, or one already used, then nothing is connected', async () => {
    const forged = await request(t.app).get('/api/mtd/vat/callback?state=forged&code=abc');
    expect(forged.headers.location).toMatch(/hmrc=failed$/);
    const start = await request(t.app).get('/api/mtd/vat/connect').set(owner.auth);
    expect(start.status).toBe(302);
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const denied = await request(t.app).get(`/api/mtd/vat/callback?state=${encodeURIComponent(state)}&error=access_denied`);
    expect(denied.headers.location).toMatch(/hmrc=denied$/);
    const replay = await request(t.app).get(`/api/mtd/vat/callback?state=${encodeURIComponent(state)}&code=abc`);
    expect(replay.headers.location).toMatch(/hmrc=failed$/);
  });

  it('when open obligations are asked for, then HMRC is called with the fraud prevention headers and its periods are answered', async () => {
    const res = await request(t.app).get('/api/mtd/vat/obligations?status=O').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', status: 'O', periodKey: '26A3' }]);
    const call = fake.calls.at(-1)!;
    expect(call.headers['gov-client-connection-method']).toBe('WEB_APP_VIA_SERVER');
    expect(call.headers['gov-client-device-id']).toBe(BROWSER['Gov-Client-Device-ID']);
    const all = await request(t.app).get('/api/mtd/vat/obligations').set(owner.auth).set(BROWSER);
    expect(all.body.data.map((o: { periodKey: string }) => o.periodKey)).toEqual(['26A2', '26A3']);
    expect((await request(t.app).get('/api/mtd/vat/obligations?status=X').set(owner.auth)).status).toBe(400);
  });

  it('when HMRC plays QUARTERLY_NONE_MET, then every quarter is open and the fulfilled list is empty', async () => {
    fake.scenario = 'QUARTERLY_NONE_MET';
    const all = await request(t.app).get('/api/mtd/vat/obligations').set(owner.auth).set(BROWSER);
    expect(all.status).toBe(200);
    expect(all.body.data.map((o: { periodKey: string; status: string }) => [o.periodKey, o.status])).toEqual([
      ['26A2', 'O'],
      ['26A3', 'O'],
    ]);
    // HMRC answers 404 when nothing matches: an empty list, not an error.
    const fulfilled = await request(t.app).get('/api/mtd/vat/obligations?status=F').set(owner.auth).set(BROWSER);
    expect([fulfilled.status, fulfilled.body.data]).toEqual([200, []]);
  });

  it.each(['invoice', 'cash'] as const)('when the %s-basis return is previewed, then its boxes are the VAT report of exactly that period', async (basis) => {
    expect(
      (
        await request(t.app)
          .put('/api/company')
          .set(owner.auth)
          .send(sampleCompany({ vatNumber: `GB${VRN}`, vatScheme: basis }))
      ).status,
    ).toBe(200);
    const report = (await request(t.app).get('/api/reports/vat?from=2026-07-01&to=2026-09-30').set(owner.auth)).body.data;
    const res = await request(t.app).get('/api/mtd/vat/returns/26A3/preview').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(200);
    const { body, basis: used, documents } = res.body.data;
    expect(used).toBe(basis);
    expect(body.vatDueSales).toBe(report.box1);
    expect(body.totalVatDue).toBe(report.box1);
    expect(body.netVatDue).toBe(report.box1);
    expect(body.totalValueSalesExVAT).toBe(Math.trunc(report.box6));
    expect(body.finalised).toBe(true);
    expect(documents.length).toBe(report.documents.length);
    expect(documents.every((d: { boxes: string[] }) => d.boxes.includes('box1'))).toBe(true);
    // Cash basis counts the part payment only: the two bases differ on this fixture.
    if (basis === 'cash') expect(body.vatDueSales).toBeLessThan(250);
    else expect(body.vatDueSales).toBe(251.91);
  });

  it('when the return is submitted without the declaration, then 400 and HMRC is not asked', async () => {
    const posts = fake.calls.filter((c) => c.method === 'POST').length;
    for (const body of [{ periodKey: '26A3' }, { periodKey: '26A3', declaration: false }, { periodKey: '26A3', declaration: true, extra: 1 }]) {
      expect((await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).send(body)).status).toBe(400);
    }
    expect(fake.calls.filter((c) => c.method === 'POST').length).toBe(posts);
  });

  it('when HMRC is unavailable, then 503 in plain words and nothing is recorded', async () => {
    fake.scenario = 'UNAVAILABLE';
    const res = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe(MTD_MESSAGES.unavailable);
    expect(await t.ctx.db.select().from(vatReturns)).toEqual([]);
  });

  it('when HMRC says the period was already filed, then 409 duplicate and nothing is recorded', async () => {
    fake.scenario = 'DUPLICATE_SUBMISSION';
    const res = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MTD_MESSAGES.duplicate);
    expect(await t.ctx.db.select().from(vatReturns)).toEqual([]);
  });

  it('when HMRC says the period has not ended (TAX_PERIOD_NOT_ENDED), then 409 in plain words and nothing is recorded', async () => {
    fake.scenario = 'TAX_PERIOD_NOT_ENDED';
    const res = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MTD_MESSAGES.notEnded);
    expect(await t.ctx.db.select().from(vatReturns)).toEqual([]);
  });

  it('when HMRC says the VRN is invalid, then 400 in plain words', async () => {
    fake.scenario = 'INVALID_VRN';
    const res = await request(t.app).get('/api/mtd/vat/obligations?status=O').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MTD_MESSAGES.invalidVrn);
  });

  it('when the access token has expired mid-flow, then it is refreshed once and the call succeeds', async () => {
    fake.expireAccessTokens();
    const refreshes = fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    const res = await request(t.app).get('/api/mtd/vat/obligations?status=O').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(200);
    expect(fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length).toBe(refreshes + 1);
  });

  it(`when the return is submitted with the declaration, then 201 with the stored receipt of the VAT report's figures; a second submission is refused by us before HMRC`, async () => {
    const report = (await request(t.app).get('/api/reports/vat?from=2026-07-01&to=2026-09-30').set(owner.auth)).body.data;
    expect(report.basis).toBe('cash');
    const res = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(res.status).toBe(201);
    const receipt = res.body.data;
    expect(receipt.basis).toBe('cash');
    expect(receipt.body).toEqual(returnOfReport('26A3', report));
    expect(receipt).toMatchObject({ periodKey: '26A3', periodStart: '2026-07-01', periodEnd: '2026-09-30', submittedBy: owner.id });
    expect(receipt.formBundleNumber).toMatch(/^\d{12}$/);
    expect(receipt.processingDate).toBeTruthy();
    expect(receipt.body).toEqual(fake.submitted.get(`${VRN}:26A3`));
    const posts = fake.calls.filter((c) => c.method === 'POST').length;
    const again = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MTD_MESSAGES.duplicate);
    expect(fake.calls.filter((c) => c.method === 'POST').length).toBe(posts);
    const list = await request(t.app).get('/api/mtd/vat/returns').set(owner.auth);
    expect(list.body.data).toEqual([receipt]);
    const preview = await request(t.app).get('/api/mtd/vat/returns/26A3/preview').set(owner.auth).set(BROWSER);
    expect(preview.body.data.submitted).toEqual(receipt);
  });

  it('when a filed period would change (a backdated payment, issuing a draft dated in it, an expense or a bank line dated in it), then 409 in plain words; a credit note today is the correction', async () => {
    const filed = (await request(t.app).get('/api/mtd/vat/returns').set(owner.auth)).body.data[0];
    const pay = await request(t.app).post(`/api/invoices/${inQuarter}/payments`).set(owner.auth).send({ amount: 10, date: '2026-09-15' });
    expect(pay.status).toBe(409);
    expect(pay.body.error).toBe(MTD_MESSAGES.locked('2026-07-01 to 2026-09-30'));
    const send = await act(t.app, owner, 'invoices', draftInQuarter, 'send');
    expect(send.status).toBe(409);
    const credit = await request(t.app)
      .post(`/api/invoices/${inQuarter}/credit-notes`)
      .set(owner.auth)
      .send({ reason: 'Overcharge', lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 34.56, vat: 'STANDARD' }] });
    expect(credit.status).toBe(201);
    expect((await request(t.app).get('/api/mtd/vat/returns').set(owner.auth)).body.data[0]).toEqual(filed);
    // Expenses count in boxes 4 and 7: none is added to the filed period, nor moved into it.
    const expense = { date: '2026-08-05', supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 100, vat: 'STANDARD' };
    const added = await request(t.app).post('/api/expenses').set(owner.auth).send(expense);
    expect(added.status).toBe(409);
    expect(added.body.error).toBe(MTD_MESSAGES.locked('2026-07-01 to 2026-09-30'));
    const later = await request(t.app)
      .post('/api/expenses')
      .set(owner.auth)
      .send({ ...expense, date: '2026-10-05' });
    expect(later.status).toBe(201);
    expect((await request(t.app).put(`/api/expenses/${later.body.data.id}`).set(owner.auth).send(expense)).status).toBe(409);
    expect((await request(t.app).get(`/api/expenses/${later.body.data.id}`).set(owner.auth)).body.data.date).toBe('2026-10-05');
    expect((await request(t.app).delete(`/api/expenses/${later.body.data.id}`).set(owner.auth)).status).toBe(200);
    // A bank line dated in the filed period pays no invoice there.
    const bank = await request(t.app).post('/api/bank-accounts').set(owner.auth).send({ name: 'Business current' });
    await request(t.app)
      .post(`/api/bank-accounts/${bank.body.data.id}/statements?format=csv&preset=santander`)
      .set(owner.auth)
      .set('Content-Type', 'text/csv')
      .send('Date,Description,Amount,Balance\n15/09/2026,HILLSIDE BUILDERS,10.00,\n16/09/2026,SCREWFIX,-120.00,\n');
    const lines = (await request(t.app).get(`/api/bank-accounts/${bank.body.data.id}/lines`).set(owner.auth)).body.data as { id: string; amount: number }[];
    const line = lines.find((l) => l.amount > 0)!;
    const out = lines.find((l) => l.amount < 0)!;
    const explain = await request(t.app)
      .post(`/api/bank-lines/${line.id}/explain`)
      .set(owner.auth)
      .send({ type: 'INVOICE_PAYMENT', allocations: [{ invoiceId: inQuarter, amount: 10 }] });
    expect(explain.status, JSON.stringify(explain.body)).toBe(409);
    expect(explain.body.error).toBe(MTD_MESSAGES.locked('2026-07-01 to 2026-09-30'));
    const bought = await request(t.app)
      .post(`/api/bank-lines/${out.id}/explain`)
      .set(owner.auth)
      .send({ type: 'EXPENSE', expense: { ...expense, date: '2026-09-16' } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(409);
    expect(bought.body.error).toBe(MTD_MESSAGES.locked('2026-07-01 to 2026-09-30'));
    // The filed row itself never changes, even from inside the database.
    await expect(t.ctx.db.update(vatReturns).set({ formBundleNumber: '000000000000' })).rejects.toThrow();
  });

  it(`when another business files the same period on the invoice basis, then HMRC is sent exactly its VAT report's figures`, async () => {
    const other = await registerUser(t.app);
    await seedQuarter(other, VRN2);
    expect(
      (
        await request(t.app)
          .put('/api/company')
          .set(other.auth)
          .send(sampleCompany({ vatNumber: VRN2, vatScheme: 'invoice' }))
      ).status,
    ).toBe(200);
    expect((await connect(other)).headers.location).toMatch(/hmrc=connected$/);
    const report = (await request(t.app).get('/api/reports/vat?from=2026-07-01&to=2026-09-30').set(other.auth)).body.data;
    expect(report.basis).toBe('invoice');
    const res = await request(t.app).post('/api/mtd/vat/returns').set(other.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(res.status).toBe(201);
    expect(res.body.data.basis).toBe('invoice');
    expect(res.body.data.body).toEqual(returnOfReport('26A3', report));
    expect(fake.submitted.get(`${VRN2}:26A3`)).toEqual(res.body.data.body);
    // Invoice basis counts the whole invoice; the owner's cash-basis return only the part paid.
    expect(res.body.data.body.vatDueSales).toBe(251.91);
    expect(fake.submitted.get(`${VRN}:26A3`)!.vatDueSales).toBeLessThan(250);
  });

  it(`when a business whose purchases outweigh its sales files, then box 4 reclaims them, reverse-charge VAT is in boxes 1 and 4, and box 5 is the positive difference HMRC wants`, async () => {
    const buyer = await registerUser(t.app);
    await seedQuarter(buyer, VRN3);
    expect(
      (
        await request(t.app)
          .put('/api/company')
          .set(buyer.auth)
          .send(sampleCompany({ vatNumber: VRN3, vatScheme: 'invoice' }))
      ).status,
    ).toBe(200);
    const bought = [
      { date: '2026-08-12', supplier: 'Van Centre', category: 'CAR_VAN_TRAVEL', net: 2000, vat: 'STANDARD' },
      { date: '2026-09-03', supplier: 'Subbie Ltd', category: 'COST_OF_GOODS', net: 500.5, vat: 'RC_STANDARD' },
    ];
    for (const e of bought) expect((await request(t.app).post('/api/expenses').set(buyer.auth).send(e)).status).toBe(201);
    expect((await connect(buyer)).headers.location).toMatch(/hmrc=connected$/);
    const report = (await request(t.app).get('/api/reports/vat?from=2026-07-01&to=2026-09-30').set(buyer.auth)).body.data;
    // By hand: sales VAT 251.91 (as the other businesses); purchases VAT 400.00 + 100.10 reverse charge.
    expect([report.box1, report.box4, report.box5, report.box7]).toEqual([352.01, 500.1, -148.09, 2500.5]);
    const preview = (await request(t.app).get('/api/mtd/vat/returns/26A3/preview').set(buyer.auth).set(BROWSER)).body.data;
    const behind = (supplier: string) => preview.documents.find((d: { kind: string; clientName: string }) => d.kind === 'expense' && d.clientName === supplier);
    expect(behind('Van Centre').boxes).toEqual(['box4', 'box5', 'box7']);
    expect(behind('Subbie Ltd').boxes).toEqual(['box1', 'box3', 'box4', 'box7']);
    const res = await request(t.app).post('/api/mtd/vat/returns').set(buyer.auth).set(BROWSER).send({ periodKey: '26A3', declaration: true });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.body).toEqual(returnOfReport('26A3', report));
    expect(fake.submitted.get(`${VRN3}:26A3`)).toMatchObject({
      vatDueSales: 352.01,
      totalVatDue: 352.01,
      vatReclaimedCurrPeriod: 500.1,
      netVatDue: 148.09,
      totalValuePurchasesExVAT: 2500,
    });
    // A repayment: HMRC raises no charge to pay.
    expect(res.body.data.chargeRefNumber).toBeNull();
  });

  it('when a credit note in the next period corrects an invoice of the filed one, then the next return counts it and marks it as the correction of the filed period', async () => {
    expect(
      (
        await request(t.app)
          .put('/api/company')
          .set(owner.auth)
          .send(sampleCompany({ vatNumber: VRN, vatScheme: 'invoice' }))
      ).status,
    ).toBe(200);
    fake.obligations.push({ start: '2026-10-01', end: '2026-12-31', due: '2027-02-07', status: 'O', periodKey: '26A4' });
    try {
      const credit = await request(t.app)
        .post(`/api/invoices/${inQuarter}/credit-notes`)
        .set(owner.auth)
        .send({ reason: 'Wrong rate', lineItems: [{ description: 'Boiler', quantity: 1, unitPrice: 10, vat: 'REDUCED' }] });
      expect(credit.status).toBe(201);
      // Dated in Q4 whatever day the suite runs.
      await t.ctx.db
        .update(creditNotes)
        .set({ createdAt: new Date('2026-10-15T10:00:00Z') })
        .where(eq(creditNotes.id, credit.body.data.id));
      const res = await request(t.app).get('/api/mtd/vat/returns/26A4/preview').set(owner.auth).set(BROWSER);
      expect(res.status).toBe(200);
      const docs = res.body.data.documents as { kind: string; id: string; vatAmount: number; corrects: unknown }[];
      const correction = docs.find((d) => d.id === credit.body.data.id)!;
      expect(correction).toMatchObject({ kind: 'credit_note', vatAmount: -0.5, corrects: { periodStart: '2026-07-01', periodEnd: '2026-09-30' } });
      expect(docs.filter((d) => d.kind === 'invoice').every((d) => d.corrects === null)).toBe(true);
      const report = (await request(t.app).get('/api/reports/vat?from=2026-10-01&to=2026-12-31').set(owner.auth)).body.data;
      expect(res.body.data.body).toEqual(returnOfReport('26A4', report));
      // The filed return is as it was.
      expect((await request(t.app).get('/api/mtd/vat/returns').set(owner.auth)).body.data[0].body).toEqual(fake.submitted.get(`${VRN}:26A3`));
    } finally {
      fake.obligations.pop();
    }
  });

  it('when liabilities and payments are asked, then HMRC is called with the fraud prevention headers and its records for the dates are answered', async () => {
    fake.scenarios = { RetrieveVATliabilities: 'MULTIPLE_LIABILITIES', RetrieveVATpayments: 'MULTIPLE_PAYMENTS' };
    const liabilities = await request(t.app).get('/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31').set(owner.auth).set(BROWSER);
    expect(liabilities.status).toBe(200);
    expect(liabilities.body.data).toEqual({ from: '2026-01-01', to: '2026-10-31', liabilities: fake.liabilities, message: null });
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe(`/organisations/vat/${VRN}/liabilities`);
    expect(call.headers['gov-client-device-id']).toBe(BROWSER['Gov-Client-Device-ID']);
    const narrower = await request(t.app).get('/api/mtd/vat/liabilities?from=2026-01-01&to=2026-08-31').set(owner.auth).set(BROWSER);
    expect(narrower.body.data.liabilities).toEqual([fake.liabilities[0]]);
    const payments = await request(t.app).get('/api/mtd/vat/payments?from=2026-01-01&to=2026-10-31').set(owner.auth).set(BROWSER);
    expect(payments.status).toBe(200);
    expect(payments.body.data).toEqual({ from: '2026-01-01', to: '2026-10-31', payments: [{ amount: 1845.2, received: '2026-08-05' }], message: null });
    expect(fake.calls.at(-1)!.headers['gov-client-connection-method']).toBe('WEB_APP_VIA_SERVER');
  });

  it('when HMRC has no liabilities or payments for the dates (its 404), then an empty list with a plain-words message', async () => {
    const liabilities = await request(t.app).get('/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31').set(owner.auth).set(BROWSER);
    expect(liabilities.status).toBe(200);
    expect(liabilities.body.data).toEqual({ from: '2026-01-01', to: '2026-10-31', liabilities: [], message: MTD_MESSAGES.noLiabilities });
    const payments = await request(t.app).get('/api/mtd/vat/payments?from=2026-01-01&to=2026-10-31').set(owner.auth).set(BROWSER);
    expect(payments.body.data).toEqual({ from: '2026-01-01', to: '2026-10-31', payments: [], message: MTD_MESSAGES.noPayments });
  });

  it('when the dates are missing, reversed, before December 2017, over 365 days, in the future or joined by another key, then 400 and HMRC is not asked', async () => {
    const before = fake.calls.length;
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const path of ['/api/mtd/vat/liabilities', '/api/mtd/vat/payments']) {
      for (const q of [
        '',
        '?from=2026-01-01',
        '?to=2026-01-01',
        '?from=2026-02-01&to=2026-01-01',
        '?from=2017-11-30&to=2018-01-01',
        '?from=2025-01-01&to=2026-01-02',
        `?from=2026-01-01&to=${tomorrow}`,
        '?from=2026-02-30&to=2026-03-01',
        '?from=2026-01-01&to=2026-02-01&status=O',
        '?from=1&to=2',
      ]) {
        const res = await request(t.app).get(`${path}${q}`).set(owner.auth).set(BROWSER);
        expect(res.status, `${path}${q}`).toBe(400);
        expect(res.body.error, `${path}${q}`).toBeTruthy();
      }
    }
    expect(fake.calls.length).toBe(before);
  });

  it(`when HMRC's view of the returns is asked, then ours beside HMRC's for a period we filed, HMRC's for one filed elsewhere, its "no data" in plain words, and 404 for a period nobody filed`, async () => {
    const ours = await request(t.app).get('/api/mtd/vat/returns/26A3/hmrc').set(owner.auth).set(BROWSER);
    expect(ours.status).toBe(200);
    const { finalised: _f, ...sent } = fake.submitted.get(`${VRN}:26A3`)!;
    expect(ours.body.data).toMatchObject({ periodKey: '26A3', hmrc: sent, differences: [], message: null });
    expect(ours.body.data.ours.formBundleNumber).toMatch(/^\d{12}$/);
    expect(fake.calls.at(-1)!.path).toBe(`/organisations/vat/${VRN}/returns/26A3`);
    expect(fake.calls.at(-1)!.headers['gov-client-device-id']).toBe(BROWSER['Gov-Client-Device-ID']);
    // 26A2 is fulfilled at HMRC but was filed elsewhere: HMRC's sandbox has no copy until one is submitted.
    const none = await request(t.app).get('/api/mtd/vat/returns/26A2/hmrc').set(owner.auth).set(BROWSER);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ periodKey: '26A2', hmrc: null, ours: null, differences: [], message: MTD_MESSAGES.noHmrcReturn });
    const elsewhere = {
      periodKey: '26A2',
      vatDueSales: 1845.2,
      vatDueAcquisitions: 0,
      totalVatDue: 1845.2,
      vatReclaimedCurrPeriod: 0,
      netVatDue: 1845.2,
      totalValueSalesExVAT: 9226,
      totalValuePurchasesExVAT: 0,
      totalValueGoodsSuppliedExVAT: 0,
      totalAcquisitionsExVAT: 0,
      finalised: true,
    };
    fake.submitted.set(`${VRN}:26A2`, elsewhere);
    try {
      const seen = await request(t.app).get('/api/mtd/vat/returns/26A2/hmrc').set(owner.auth).set(BROWSER);
      const { finalised: _g, ...figures } = elsewhere;
      expect(seen.body.data).toEqual({ periodKey: '26A2', hmrc: figures, ours: null, differences: [], message: null });
    } finally {
      fake.submitted.delete(`${VRN}:26A2`);
    }
    const views = () => fake.calls.filter((c) => /\/returns\/[^/]+$/.test(c.path)).length;
    const asked = views();
    const unknown = await request(t.app).get('/api/mtd/vat/returns/99Z9/hmrc').set(owner.auth).set(BROWSER);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(MTD_MESSAGES.unknownReturn);
    expect(views()).toBe(asked);
    expect((await request(t.app).get('/api/mtd/vat/returns/26A3/hmrc?x=1').set(owner.auth)).status).toBe(400);
    expect((await request(t.app).get('/api/mtd/vat/returns/ABCDE/hmrc').set(owner.auth)).status).toBe(400);
  });

  it(`when HMRC's figures differ from those Docket sent, then the boxes that differ are named`, async () => {
    const sent = fake.submitted.get(`${VRN}:26A3`)!;
    fake.submitted.set(`${VRN}:26A3`, { ...sent, vatReclaimedCurrPeriod: Number(sent.vatReclaimedCurrPeriod) + 1 });
    try {
      const res = await request(t.app).get('/api/mtd/vat/returns/26A3/hmrc').set(owner.auth).set(BROWSER);
      expect(res.body.data.differences).toEqual(['box4']);
    } finally {
      fake.submitted.set(`${VRN}:26A3`, sent);
    }
  });

  it.each([
    ['RetrieveVATliabilities', 'INSOLVENT_TRADER', '/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31', MTD_MESSAGES.insolvent],
    ['RetrieveVATpayments', 'INSOLVENT_TRADER', '/api/mtd/vat/payments?from=2026-01-01&to=2026-10-31', MTD_MESSAGES.insolvent],
    ['ViewVATReturn', 'INSOLVENT_TRADER', '/api/mtd/vat/returns/26A3/hmrc', MTD_MESSAGES.insolvent],
    ['ViewVATReturn', 'DATE_RANGE_TOO_LARGE', '/api/mtd/vat/returns/26A3/hmrc', MTD_MESSAGES.tooOld],
  ] as const)('when HMRC answers %s with its %s refusal, then 409 in plain words', async (operation, scenario, path, message) => {
    fake.scenarios = { [operation]: scenario };
    const res = await request(t.app).get(path).set(owner.auth).set(BROWSER);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(message);
  });

  it.each(['/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31', '/api/mtd/vat/payments?from=2026-01-01&to=2026-10-31', '/api/mtd/vat/returns/26A3/hmrc'])(
    'when HMRC is unavailable for %s, then 503 "try again later" and nothing is changed',
    async (path) => {
      fake.scenario = 'UNAVAILABLE';
      const returns = await t.ctx.db.select().from(vatReturns);
      const res = await request(t.app).get(path).set(owner.auth).set(BROWSER);
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(MTD_MESSAGES.unavailable);
      expect(await t.ctx.db.select().from(vatReturns)).toEqual(returns);
    },
  );

  it('when the access token has expired before a view, then it is refreshed once and the view answers', async () => {
    fake.scenarios = { RetrieveVATpayments: 'SINGLE_PAYMENT' };
    fake.expireAccessTokens();
    const refreshes = fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    const res = await request(t.app).get('/api/mtd/vat/payments?from=2026-01-01&to=2026-10-31').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(200);
    expect(res.body.data.payments).toHaveLength(1);
    expect(fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length).toBe(refreshes + 1);
  });

  it('when the access token is within five minutes of expiry, then it is refreshed before the call, which HMRC answers first time', async () => {
    fake.scenarios = { RetrieveVATliabilities: 'SINGLE_LIABILITY' };
    await t.ctx.db
      .update(mtdConnections)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(mtdConnections.vrn, VRN));
    const refreshes = fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length;
    const calls = fake.calls.length;
    const res = await request(t.app).get('/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(200);
    expect(res.body.data.liabilities).toEqual([fake.liabilities[0]]);
    expect(fake.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length).toBe(refreshes + 1);
    expect(fake.calls.length).toBe(calls + 1);
  });

  it('when a fulfilled period is submitted, then 409 and HMRC is not sent a return', async () => {
    const res = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '26A2', declaration: true });
    expect(res.status).toBe(409);
    const unknown = await request(t.app).post('/api/mtd/vat/returns').set(owner.auth).set(BROWSER).send({ periodKey: '99Z9', declaration: true });
    expect(unknown.status).toBe(404);
  });

  it('when an office or engineer member calls the VAT routes, then 403; an accountant may; another account sees nothing of this one', async () => {
    for (const role of ['OFFICE', 'ENGINEER'] as const) {
      const m = await joinAccount(t.app, owner, role);
      const views = [
        '/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31',
        '/api/mtd/vat/payments?from=2026-01-01&to=2026-10-31',
        '/api/mtd/vat/returns/26A3/hmrc',
        '/api/mtd/vat/returns/26A3/preview',
      ].map((p) => ['get', p] as const);
      for (const [method, path] of [
        ['get', '/api/mtd/vat/status'],
        ['get', '/api/mtd/vat/obligations'],
        ['get', '/api/mtd/vat/returns'],
        ['delete', '/api/mtd/vat/connection'],
        ['get', '/api/mtd/vat/connect'],
        ...views,
      ] as const) {
        expect((await request(t.app)[method](path).set(m.auth)).status, `${role} ${method} ${path}`).toBe(403);
      }
      expect((await request(t.app).post('/api/mtd/vat/returns').set(m.auth).send({ periodKey: '26A3', declaration: true })).status).toBe(403);
    }
    const accountant = await joinAccount(t.app, owner, 'ACCOUNTANT');
    expect((await request(t.app).get('/api/mtd/vat/returns').set(accountant.auth)).body.data).toHaveLength(1);
    const stranger = await registerUser(t.app);
    expect((await request(t.app).get('/api/mtd/vat/returns').set(stranger.auth)).body.data).toEqual([]);
    expect((await request(t.app).get('/api/mtd/vat/status').set(stranger.auth)).body.data.connected).toBe(false);
    expect((await request(t.app).get('/api/mtd/vat/returns/26A3/preview').set(stranger.auth)).status).toBe(409);
    expect((await request(t.app).get('/api/mtd/vat/returns/26A3/hmrc').set(accountant.auth).set(BROWSER)).status).toBe(200);
    expect((await request(t.app).get('/api/mtd/vat/liabilities?from=2026-01-01&to=2026-10-31').set(accountant.auth).set(BROWSER)).status).toBe(200);
    // Another business, connected for its own VRN, is not shown this one's return: the period is not one it filed or HMRC lists as fulfilled for it.
    const rival = await registerUser(t.app);
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(rival.auth)
          .send(sampleCompany({ vatNumber: '555555519' }))
      ).status,
    ).toBe(201);
    expect((await connect(rival)).headers.location).toMatch(/hmrc=connected$/);
    const viewsBefore = fake.calls.filter((c) => c.path.endsWith('/returns/26A3')).length;
    const res = await request(t.app).get('/api/mtd/vat/returns/26A3/hmrc').set(rival.auth).set(BROWSER);
    expect(res.status).toBe(404);
    expect(fake.calls.filter((c) => c.path.endsWith('/returns/26A3')).length).toBe(viewsBefore);
  });

  it('when HMRC refuses the refresh token too, then the user is asked to reconnect', async () => {
    fake.expireAccessTokens();
    fake.expireRefreshTokens();
    const res = await request(t.app).get('/api/mtd/vat/obligations?status=O').set(owner.auth).set(BROWSER);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MTD_MESSAGES.reconnect);
  });

  it('when the owner disconnects, then the tokens are gone and HMRC calls ask to connect first', async () => {
    expect((await request(t.app).delete('/api/mtd/vat/connection').set(owner.auth)).status).toBe(204);
    expect(await t.ctx.db.select().from(mtdConnections).where(eq(mtdConnections.vrn, VRN))).toEqual([]);
    const res = await request(t.app).get('/api/mtd/vat/obligations?status=O').set(owner.auth);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MTD_MESSAGES.notConnected);
    expect((await connect(owner)).headers.location).toMatch(/hmrc=connected$/);
  });
});

describe.skipIf(!hasSpec)('The fake HMRC', () => {
  it.each(Object.entries({ ...HMRC_SCENARIOS, ...VIEW_SCENARIOS }))(
    'when it plays a Gov-Test-Scenario for %s, then that value is in the test data HMRC publishes for it',
    (operation, played) => {
      const listed = specScenarios(operation);
      expect(listed.length).toBeGreaterThan(0);
      for (const value of played) expect(listed, value).toContain(value);
    },
  );
});

describe('Making Tax Digital when HMRC is not configured', () => {
  it('when the status is asked, then it says not configured and connecting says how to set it up', async () => {
    const t = await createTestApp();
    try {
      const u = await registerUser(t.app);
      expect((await request(t.app).get('/api/mtd/vat/status').set(u.auth)).body.data).toEqual({ configured: false, connected: false, vrn: null });
      const res = await request(t.app).get('/api/mtd/vat/connect').set(u.auth);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MTD_MESSAGES.notConfigured);
    } finally {
      await t.close();
    }
  });
});
