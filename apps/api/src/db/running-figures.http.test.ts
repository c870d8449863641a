import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { INVOICE_OUTSTANDING_STATUSES, INVOICE_UNCOUNTED_STATUSES, storedInvoiceStatus } from '@docket/schemas/lifecycle';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../test/test-app.ts';
import { act, createClient, createInvoice, createIssuedInvoice, invoiceBody } from '../../test/document-fixtures.ts';
import { invoices } from './schema.ts';
import { queryRows, type Database } from './client.ts';
import { sqlWordList } from './sql-words.ts';
import { invoiceBalanceJoins } from '../modules/invoices/invoice-balance-joins.ts';
import { createBackup, restoreBackup } from './backup.ts';

/**
 * The running figures (migration 0048, docs/product.md, "Running figures") against sums worked out
 * from the invoices, payments and credit notes themselves, with the statuses of the lifecycle module,
 * after every kind of write that moves them.
 */
// a new account's id is its owner's (migration 0021)
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outstanding = sqlWordList(INVOICE_OUTSTANDING_STATUSES.map(storedInvoiceStatus));
const uncounted = sqlWordList(INVOICE_UNCOUNTED_STATUSES);

interface Figures {
  invoiced: number;
  outstanding: number;
  open: number;
  perInvoice: Record<string, { client: string; due: string; open: boolean; invoiced: number; balance: number }>;
}

async function summed(db: Database, accountId: string): Promise<Figures> {
  const { joins, credited, balance } = invoiceBalanceJoins(accountId);
  const rows = await queryRows<{ id: string; client: string; due: string; open: boolean; invoiced: string | number; balance: string | number }>(
    db,
    sql`select ${invoices.id} as id, ${invoices.clientId} as client, to_char(${invoices.dueDate}, 'YYYY-MM-DD') as due,
        ${invoices.status} in ${outstanding} as open,
        case when ${invoices.status} in ${uncounted} then 0 else ${invoices.totalPence} - ${credited} end as invoiced,
        case when ${invoices.status} in ${outstanding} then ${balance} else 0 end as balance
      from ${invoices} ${joins} where ${invoices.userId} = ${accountId}`,
  );
  const perInvoice: Figures['perInvoice'] = {};
  for (const r of rows) perInvoice[r.id] = { client: r.client, due: r.due, open: r.open, invoiced: Number(r.invoiced), balance: Number(r.balance) };
  return {
    invoiced: rows.reduce((s, r) => s + Number(r.invoiced), 0),
    outstanding: rows.reduce((s, r) => s + Number(r.balance), 0),
    open: rows.filter((r) => r.open).length,
    perInvoice,
  };
}

async function running(db: Database, accountId: string): Promise<Figures> {
  const rows = await queryRows<{ id: string; client: string; due: string; open: boolean; invoiced: string | number; balance: string | number }>(
    db,
    sql`select invoice_id as id, client_id as client, to_char(due_date, 'YYYY-MM-DD') as due, open, invoiced_pence as invoiced, balance_pence as balance
      from invoice_figures where account_id = ${accountId}`,
  );
  const [sums] = await queryRows<{ invoiced: string | number; outstanding: string | number; open: number }>(
    db,
    sql`select coalesce(sum(invoiced_pence), 0) as invoiced, coalesce(sum(outstanding_pence), 0) as outstanding, coalesce(sum(open_invoices), 0)::int as open
      from account_figures where account_id = ${accountId}`,
  );
  const perInvoice: Figures['perInvoice'] = {};
  for (const r of rows) perInvoice[r.id] = { client: r.client, due: r.due, open: r.open, invoiced: Number(r.invoiced), balance: Number(r.balance) };
  return { invoiced: Number(sums!.invoiced), outstanding: Number(sums!.outstanding), open: Number(sums!.open), perInvoice };
}

const ok = async (pending: PromiseLike<request.Response>, what: string) => {
  const res = await pending;
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};

describe('running figures', () => {
  let u: TestUser;
  it('when invoices, payments and credit notes are written every way they can be, then each invoice figure and each account sum equals the sum over the rows', async () => {
    u = await registerUser(t.app);
    const c1 = await createClient(t.app, u);
    const c2 = await createClient(t.app, u, { name: 'Second Client Ltd', email: 'second@example.co.uk' });
    const line = (unitPrice: number) => ({ lineItems: [{ description: 'Work', quantity: 1, unitPrice }], tax: 20 });
    let paymentId = '';
    let draftId = '';
    let sentId = '';
    const steps: [string, () => Promise<unknown>][] = [
      ['a draft', async () => (draftId = (await createInvoice(t.app, u, c1.id, line(100))).id)],
      [
        'the draft moved to another client and due date',
        () =>
          ok(
            request(t.app)
              .put(`/api/invoices/${draftId}`)
              .set(u.auth)
              .send(invoiceBody(c2.id, { ...line(120), dueDate: '2030-03-01' })),
            'update',
          ),
      ],
      ['issued', async () => (sentId = (await createIssuedInvoice(t.app, u, c1.id, line(200))).id)],
      [
        'part paid',
        async () => (paymentId = (await ok(request(t.app).post(`/api/invoices/${sentId}/payments`).set(u.auth).send({ amount: 50 }), 'pay')).payments[0].id),
      ],
      ['paid again', () => ok(request(t.app).post(`/api/invoices/${sentId}/payments`).set(u.auth).send({ amount: 30.5 }), 'pay')],
      ['a payment removed', () => ok(request(t.app).delete(`/api/invoices/${sentId}/payments/${paymentId}`).set(u.auth), 'remove payment')],
      ['its due date moved', () => ok(request(t.app).patch(`/api/invoices/${sentId}/due-date`).set(u.auth).send({ dueDate: '2030-02-14' }), 'due date')],
      [
        'part credited',
        async () => {
          const id = (await createIssuedInvoice(t.app, u, c2.id, line(300))).id;
          await ok(
            request(t.app)
              .post(`/api/invoices/${id}/credit-notes`)
              .set(u.auth)
              .send({ reason: 'Overcharged', lineItems: [{ description: 'Refund', quantity: 1, unitPrice: 100 }] }),
            'credit',
          );
        },
      ],
      [
        'credited in full',
        async () => {
          const id = (await createIssuedInvoice(t.app, u, c1.id, line(80))).id;
          await ok(request(t.app).post(`/api/invoices/${id}/credit-notes`).set(u.auth).send({ reason: 'Cancelled' }), 'credit');
        },
      ],
      [
        'voided',
        async () => {
          const id = (await createIssuedInvoice(t.app, u, c1.id, line(90))).id;
          await ok(request(t.app).patch(`/api/invoices/${id}/void`).set(u.auth).send({ reason: 'Raised in error' }), 'void');
        },
      ],
      [
        'marked paid',
        async () => {
          const id = (await createIssuedInvoice(t.app, u, c2.id, line(75))).id;
          await ok(act(t.app, u, 'invoices', id, 'pay'), 'mark paid');
        },
      ],
      [
        'a draft deleted',
        async () => {
          const id = (await createInvoice(t.app, u, c2.id, line(60))).id;
          await ok(request(t.app).delete(`/api/invoices/${id}`).set(u.auth), 'delete');
        },
      ],
      ['the first draft issued', () => ok(act(t.app, u, 'invoices', draftId, 'send'), 'send')],
    ];
    for (const [what, step] of steps) {
      await step();
      expect(await running(t.ctx.db, u.id), what).toEqual(await summed(t.ctx.db, u.id));
    }
    const end = await summed(t.ctx.db, u.id);
    // the steps left money invoiced, owed and paid, so the comparison had something to compare
    expect(end.open).toBe(3);
    expect(end.outstanding).toBeGreaterThan(0);
    expect(Object.keys(end.perInvoice)).toHaveLength(6);
  });

  it('when payments on one account are written at once, then none waits on another in a cycle and the sums are exact', async () => {
    const v = await registerUser(t.app);
    const c = await createClient(t.app, v);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await createIssuedInvoice(t.app, v, c.id, { lineItems: [{ description: 'Job', quantity: 1, unitPrice: 100 }], tax: 0 })).id);
    const writes = ids.flatMap((id) => [10, 20].map((amount) => request(t.app).post(`/api/invoices/${id}/payments`).set(v.auth).send({ amount })));
    for (const res of await Promise.all(writes)) expect(res.status).toBe(201);
    const figures = await running(t.ctx.db, v.id);
    expect(figures).toEqual(await summed(t.ctx.db, v.id));
    expect(figures.outstanding).toBe(6 * 7000);
  });

  it('when an account is backed up and restored elsewhere, then the restore works out the same figures (a backup holds none)', async () => {
    const backup = await createBackup(t.ctx.db);
    expect(Object.keys(backup.tables)).not.toContain('invoice_figures');
    const target = await createTestApp();
    try {
      await restoreBackup(target.ctx.db, backup);
      const restored = await running(target.ctx.db, u.id);
      expect(restored).toEqual(await running(t.ctx.db, u.id));
      expect(restored).toEqual(await summed(target.ctx.db, u.id));
      // and the triggers are on again after it: a write moves the restored figures
      const [inv] = Object.keys(restored.perInvoice).filter((id) => restored.perInvoice[id]!.balance > 0);
      await ok(request(target.app).post(`/api/invoices/${inv}/payments`).set(u.auth).send({ amount: 1 }), 'pay after restore');
      expect(await running(target.ctx.db, u.id)).toEqual(await summed(target.ctx.db, u.id));
    } finally {
      await target.close();
    }
  });

  it("when a write works out its invoices' figures, then the functions its triggers call keep their plans (none is LANGUAGE sql, planned on every call)", async () => {
    // every function a trigger of the figures or answer versions calls, directly or through another
    const rows = await queryRows<{ name: string; language: string }>(
      t.ctx.db,
      sql`select p.proname as name, l.lanname as language from pg_proc p join pg_language l on l.oid = p.prolang
        where p.proname in ('refresh_invoice_figures', 'refresh_invoice_figures_of', 'move_account_figures', 'move_invoice_answers', 'next_answer_version')
        order by p.proname`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'move_account_figures',
      'move_invoice_answers',
      'next_answer_version',
      'refresh_invoice_figures',
      'refresh_invoice_figures_of',
    ]);
    expect(rows.filter((r) => r.language !== 'plpgsql')).toEqual([]);
  });
});
