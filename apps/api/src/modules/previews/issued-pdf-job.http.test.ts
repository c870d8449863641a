import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { issuedPdfs } from '../../db/schema.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote, getBinary } from '../../../test/document-fixtures.ts';
import { ISSUED_PDF_JOB, issuedPdfQueue, workIssuedPdfs } from './issued-pdf-job.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;

beforeAll(async () => {
  // the job queue runs, as in a server process
  t = await createTestApp({}, { jobs: true });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

const kept = (documentId: string) => t.ctx.db.select().from(issuedPdfs).where(eq(issuedPdfs.documentId, documentId));

/** Waits for the queue's job of one document to end; its final state. */
async function jobEnded(kind: string, id: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await queryRows<{ state: string }>(
      t.ctx.db,
      sql`select state from pgboss.job where name = ${ISSUED_PDF_JOB} and singleton_key = ${`${kind}:${id}`} order by created_on desc limit 1`,
    );
    const state = rows[0]?.state;
    if (state === 'completed' || state === 'failed') return state;
    if (Date.now() > deadline) throw new Error(`the issued-pdf job of ${kind} ${id} is still ${state ?? 'not queued'} after 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const body = { lineItems: [{ description: 'Boiler service', quantity: 1, unitPrice: 95 }], tax: 20 };

describe('an issued document’s PDF is rendered by a job after it is issued', () => {
  it('when an invoice is sent, then its PDF is kept before anyone asks, and the first preview serves those bytes', async () => {
    const inv = await createInvoice(t.app, user, clientId, body);
    expect(await kept(inv.id)).toHaveLength(0);
    expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
    expect(await jobEnded('invoice', inv.id)).toBe('completed');
    const [row] = await kept(inv.id);
    expect(row?.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Marked bytes come back as they are: the first preview did not render.
    const marker = Buffer.concat([row!.pdf, Buffer.from('%kept by the job')]);
    await t.ctx.db.update(issuedPdfs).set({ pdf: marker }).where(eq(issuedPdfs.documentId, inv.id));
    const res = await getBinary(t.app, user, `/api/invoices/${inv.id}/preview`);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, marker)).toBe(0);
  });

  it('when a quote is sent and a credit note issued, then each one’s PDF is kept by its job', async () => {
    const quote = await createQuote(t.app, user, clientId);
    expect((await act(t.app, user, 'quotes', quote.id, 'send')).status).toBe(200);
    expect(await jobEnded('quote', quote.id)).toBe('completed');
    expect(await kept(quote.id)).toHaveLength(1);

    const inv = await createInvoice(t.app, user, clientId, body);
    expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
    const note = await request(t.app).post(`/api/invoices/${inv.id}/credit-notes`).set(user.auth).send({ reason: 'Cancelled visit' });
    expect(note.status).toBe(201);
    expect(await jobEnded('credit_note', note.body.data.id)).toBe('completed');
    expect(await kept(note.body.data.id)).toHaveLength(1);
  });

  it('when a draft or a missing document reaches the job, then it keeps nothing and the job still completes', async () => {
    const draft = await createInvoice(t.app, user, clientId, body);
    const missing = randomUUID();
    await t.ctx.jobs!.send(ISSUED_PDF_JOB, { accountId: user.id, kind: 'invoice', id: draft.id }, { singletonKey: `invoice:${draft.id}` });
    await t.ctx.jobs!.send(ISSUED_PDF_JOB, { accountId: user.id, kind: 'credit_note', id: missing }, { singletonKey: `credit_note:${missing}` });
    expect(await jobEnded('invoice', draft.id)).toBe('completed');
    expect(await jobEnded('credit_note', missing)).toBe('completed');
    expect(await kept(draft.id)).toHaveLength(0);
  });
});

describe('a queue of many small jobs', () => {
  it('when every fetch comes back full, then the next is made at once, not after the poll interval', async () => {
    // a poll interval far longer than the wait below: only fetches made at once can finish in time
    const queue = await t.startJobs({ pollSeconds: 60 });
    const done: number[] = [];
    for (let i = 0; i < 12; i++) await queue.send('drain-check', { i });
    await queue.work<{ i: number }>('drain-check', async ({ i }) => void done.push(i), { batchSize: 5 });
    const deadline = Date.now() + 30_000;
    while (done.length < 12 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

describe('the job is best effort', () => {
  const silent = pino({ level: 'silent' });

  it('when the queue refuses the job, then queuing resolves: the issue has committed and the first view renders instead', async () => {
    const refusing = { send: () => Promise.reject(new Error('queue down')) } as unknown as JobQueue;
    await expect(issuedPdfQueue(refusing, silent)(user.id, 'invoice', randomUUID())).resolves.toBeUndefined();
    await expect(issuedPdfQueue(undefined, silent)(user.id, 'invoice', randomUUID())).resolves.toBeUndefined();
  });

  it('when the render fails for a reason other than the document, then the job fails so the queue retries it', async () => {
    let handler: ((data: object) => Promise<void>) | undefined;
    const capturing = { work: async (_name: string, h: (data: object) => Promise<void>) => void (handler = h) } as unknown as JobQueue;
    const outcomes = [new Error('render pool gone'), AppError.notFound('Invoice'), AppError.conflict('no company profile')];
    let next = 0;
    await workIssuedPdfs(capturing, {
      keepIssued: () => Promise.reject(outcomes[next++]!),
    });
    const data = { accountId: user.id, kind: 'invoice', id: randomUUID() };
    await expect(handler!(data)).rejects.toThrow('render pool gone');
    await expect(handler!(data)).resolves.toBeUndefined();
    await expect(handler!(data)).resolves.toBeUndefined();
  });
});
