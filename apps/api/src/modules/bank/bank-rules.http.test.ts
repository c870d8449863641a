import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { ruleExpense } from './bank-rules.service.ts';
import { expensePence, ZExpenseRequest } from '@docket/schemas/expense';
import { createTestApp, joinAccount, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';

let t: TestApp;
let u: TestUser;
let other: TestUser;

interface Line {
  id: string;
  amount: number;
  description: string;
  explained: boolean;
  explanation: Record<string, unknown> | null;
}
const rule = (who: TestUser, body: Record<string, unknown>) => request(t.app).post('/api/bank-rules').set(who.auth).send(body);
const screwfix = { match: 'screwfix', supplier: 'Screwfix', category: 'COST_OF_GOODS', vat: 'STANDARD' };
async function statement(who: TestUser, rows: [string, number][]) {
  const a = await request(t.app)
    .post('/api/bank-accounts')
    .set(who.auth)
    .send({ name: `Bank ${Math.random()}` });
  const csv = `Date,Description,Amount,Balance\n${rows.map(([d, amt]) => `03/03/2031,${d},${amt.toFixed(2)},`).join('\n')}\n`;
  const res = await request(t.app)
    .post(`/api/bank-accounts/${a.body.data.id}/statements?format=csv&preset=santander`)
    .set(who.auth)
    .set('content-type', 'text/csv')
    .send(csv);
  expect(res.status, res.text).toBe(200);
  const lines = async () => (await request(t.app).get(`/api/bank-accounts/${a.body.data.id}/lines`).set(who.auth)).body.data as Line[];
  const account = async () =>
    (await request(t.app).get(`/api/bank-accounts/${a.body.data.id}`).set(who.auth)).body.data as { lines: number; unexplained: number };
  return { result: res.body.data as { imported: number; byRules: number }, lines, account };
}

beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  other = await registerUser(t.app);
  await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
});
afterAll(() => t.close());

describe('/api/bank-rules', () => {
  it('when a rule is saved, then it is listed for its account only; bad bodies and unknown keys are refused with nothing saved', async () => {
    const res = await rule(u, { ...screwfix, match: 'TOOLSTATION', supplier: 'Toolstation', amount: 12.5 });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ match: 'TOOLSTATION', supplier: 'Toolstation', amount: 12.5, category: 'COST_OF_GOODS', vat: 'STANDARD' });
    for (const body of [
      { ...screwfix, match: '' },
      { ...screwfix, amount: 0 },
      { ...screwfix, amount: 1.234 },
      { ...screwfix, category: 'BEER' },
      { ...screwfix, vat: 'HALF' },
      { ...screwfix, colour: 'red' },
    ]) {
      const bad = await rule(u, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.success).toBe(false);
    }
    const mine = (await request(t.app).get('/api/bank-rules').set(u.auth)).body.data as { id: string }[];
    expect(mine.map((r) => r.id)).toEqual([res.body.data.id]);
    expect((await request(t.app).get('/api/bank-rules').set(other.auth)).body.data).toEqual([]);
    expect((await request(t.app).delete(`/api/bank-rules/${res.body.data.id}`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).delete(`/api/bank-rules/${res.body.data.id}`).set(u.auth)).status).toBe(200);
    expect((await request(t.app).get('/api/bank-rules').set(u.auth)).body.data).toEqual([]);
    expect((await request(t.app).delete(`/api/bank-rules/${res.body.data.id}`).set(u.auth)).status).toBe(404);
  });

  it('when an engineer or an accountant saves a rule, then 403; the accountant may read the rules', async () => {
    const engineer = await joinAccount(t.app, u, 'ENGINEER');
    const accountant = await joinAccount(t.app, u, 'ACCOUNTANT');
    expect((await rule(engineer, screwfix)).status).toBe(403);
    expect((await rule(accountant, screwfix)).status).toBe(403);
    expect((await request(t.app).get('/api/bank-rules').set(engineer.auth)).status).toBe(403);
    expect((await request(t.app).get('/api/bank-rules').set(accountant.auth)).status).toBe(200);
  });

  it('when a statement has lines a rule matches exactly, then they are explained as the rule expense at import, and undo deletes the expense', async () => {
    const saved = await rule(u, screwfix);
    const fuel = await rule(u, { match: 'SHELL', amount: 60, supplier: 'Shell', category: 'CAR_VAN_TRAVEL', vat: 'STANDARD' });
    const s = await statement(u, [
      ['SCREWFIX DIRECT 1234', -24],
      ['SHELL BRISTOL', -60],
      ['SHELL BRISTOL', -45.5],
      ['SCREWFIX REFUND', 10],
      ['J SMITH', 120],
    ]);
    expect(s.result).toMatchObject({ imported: 5, byRules: 2 });
    expect(await s.account()).toMatchObject({ lines: 5, unexplained: 3 });
    const lines = await s.lines();
    const byText = (d: string, amt: number) => lines.find((l) => l.description === d && l.amount === amt)!;
    expect(byText('SCREWFIX DIRECT 1234', -24)).toMatchObject({
      explained: true,
      explanation: { type: 'EXPENSE', ruleId: saved.body.data.id, rule: 'screwfix' },
    });
    expect(byText('SHELL BRISTOL', -60)).toMatchObject({ explained: true, explanation: { ruleId: fuel.body.data.id } });
    expect(byText('SHELL BRISTOL', -45.5).explained).toBe(false);
    expect(byText('SCREWFIX REFUND', 10).explained).toBe(false);
    const expenseId = byText('SCREWFIX DIRECT 1234', -24).explanation!.expenseId as string;
    const expense = (await request(t.app).get(`/api/expenses/${expenseId}`).set(u.auth)).body.data;
    expect(expense).toMatchObject({
      supplier: 'Screwfix',
      category: 'COST_OF_GOODS',
      vat: 'STANDARD',
      net: 20,
      vatAmount: 4,
      total: 24,
      paidFrom: 'BANK',
      date: '2031-03-03',
    });
    const undone = await request(t.app)
      .delete(`/api/bank-lines/${byText('SCREWFIX DIRECT 1234', -24).id}/explain`)
      .set(u.auth);
    expect(undone.body.data).toMatchObject({ explained: false });
    expect((await request(t.app).get(`/api/expenses/${expenseId}`).set(u.auth)).status).toBe(404);
    // another account's rules never touch this account's statements
    const theirs = await statement(other, [['SCREWFIX DIRECT 1234', -24]]);
    expect(theirs.result.byRules).toBe(0);
  });
});

describe('ruleExpense', () => {
  it.each([
    ['STANDARD', 2399],
    ['STANDARD', 1],
    ['REDUCED', 1001],
    ['ZERO', 500],
    ['RC_STANDARD', 100000],
    ['NONE', 777],
  ] as const)('when a %s rule meets %i pence out, then the expense it makes totals exactly the money out', (vat, pence) => {
    const made = ZExpenseRequest.parse(ruleExpense({ supplier: 'S', category: 'OTHER', vat }, { amountPence: -pence, description: 'X', date: '2031-01-01' }));
    expect(expensePence(made).totalPence).toBe(pence);
  });
});
