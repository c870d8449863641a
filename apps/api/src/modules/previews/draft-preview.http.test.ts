import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, joinAccount, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, getBinary } from '../../../test/document-fixtures.ts';
import { countStatements } from '../../../test/count-statements.ts';
import { readPdf } from '../../pdf/testing/read-pdf.ts';
import { createHeldPdfBytes } from '../../cache/pdf-byte-cache.ts';
import { createCountersRepository } from '../numbering/counters.repository.ts';
import { createInvoicesRepository } from '../invoices/invoices.repository.ts';
import { createCompanyRepository } from '../company/company.repository.ts';
import { createClientsRepository } from '../clients/clients.repository.ts';
import { createPreviewsRepository } from './previews.repository.ts';
import { createPreviewsService, type PreviewsSources } from './previews.service.ts';

/**
 * A draft's preview (docs/product.md, "Issued PDFs are kept"): the session's one query names the
 * draft's client, and the invoice, the company and the client are then read together.
 */
let t: TestApp;
let owner: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  owner = await registerUser(t.app);
  await request(t.app).post('/api/company').set(owner.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, owner, { name: 'Ada Draft Ltd' })).id;
});
afterAll(() => t.close());

const draftOf = (client: string, description = 'Draft work') =>
  createInvoice(t.app, owner, client, { lineItems: [{ description, quantity: 2, unitPrice: 37.5 }], tax: 20 }) as Promise<{ id: string }>;

/** The previews service over the app's own database, its reads recorded as they start and end. */
function recordedService() {
  const events: string[] = [];
  const recorded =
    <A extends unknown[], R>(name: string, read: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      events.push(`${name} asked`);
      const row = await read(...args);
      events.push(`${name} answered`);
      return row;
    };
  const db = t.ctx.db;
  const invoices = createInvoicesRepository(db, createCountersRepository(db));
  const company = createCompanyRepository(db);
  const clients = createClientsRepository(db);
  const unused = () => {
    throw new Error('not read by an invoice draft');
  };
  const sources: PreviewsSources = {
    invoices: { get: recorded('invoice', invoices.get) },
    company: { get: recorded('company', company.get) },
    clients: { get: recorded('client', clients.get) },
    quotes: { get: unused },
    creditNotes: { get: unused },
    snapshots: { read: unused, parties: unused, store: unused },
    acceptance: unused,
    issuedPdfs: createPreviewsRepository(db),
  };
  const service = createPreviewsService(sources, t.ctx.clock, async (row) => (row.logo ? Buffer.from(row.logo) : null), createHeldPdfBytes(1_000_000));
  return { service, events };
}

describe("a draft invoice's preview", () => {
  it('when the session query names the draft, then its invoice, company and client are all asked for before any answers', async () => {
    const draft = await draftOf(clientId, 'Boiler service');
    const { service, events } = recordedService();
    const pdf = await service.invoice(owner.id, draft.id, { keptMissed: true, draftClientId: clientId });
    expect(events.slice(0, 3).sort()).toEqual(['client asked', 'company asked', 'invoice asked']);
    expect(events).toHaveLength(6);
    const text = (await readPdf(pdf.pdf)).text;
    expect(text).toContain('Boiler service');
    expect(text).toContain('Ada Draft Ltd');
    expect(text).toContain('DRAFT');
  });

  it("when the draft's client changed after the session query, then the full path prints the client it has now", async () => {
    const other = await createClient(t.app, owner, { name: 'Bea Moved Ltd' });
    const draft = await draftOf(other.id);
    const { service } = recordedService();
    // the query named the first client; the invoice read now says otherwise
    const text = (await readPdf((await service.invoice(owner.id, draft.id, { keptMissed: true, draftClientId: clientId })).pdf)).text;
    expect(text).toContain('Bea Moved Ltd');
    expect(text).not.toContain('Ada Draft Ltd');
  });

  it('when the invoice was sent after the session query, then it is not drawn as a draft', async () => {
    const draft = await draftOf(clientId, 'Sent meanwhile');
    expect((await act(t.app, owner, 'invoices', draft.id, 'send')).status).toBe(200);
    const { service, events } = recordedService();
    // the issued path reads its snapshot, which this service's sources refuse: proof it left the draft path
    await expect(service.invoice(owner.id, draft.id, { keptMissed: true, draftClientId: clientId })).rejects.toThrow('not read by an invoice draft');
    expect(events).toContain('invoice answered');
  });

  it('when a draft is previewed over HTTP, then it is four statements: the session query, then the invoice, company and client', async () => {
    const draft = await draftOf(clientId, 'Four statements');
    const path = `/api/invoices/${draft.id}/preview`;
    let body: Buffer | undefined;
    expect(
      await countStatements(t.ctx.db, async () => {
        const res = await getBinary(t.app, owner, path);
        expect(res.status).toBe(200);
        body = res.body as Buffer;
      }),
    ).toBe(4);
    expect((await readPdf(body!)).text).toContain('Four statements');
  });

  it("when another account or an engineer asks for a draft's preview, then 404 and 403, and no PDF", async () => {
    const draft = await draftOf(clientId, 'Not yours');
    const stranger = await registerUser(t.app);
    await request(t.app).post('/api/company').set(stranger.auth).send(sampleCompany()).expect(201);
    const path = `/api/invoices/${draft.id}/preview`;
    const theirs = await request(t.app).get(path).set(stranger.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.headers['content-type']).toMatch(/^application\/json/);
    const engineer = await joinAccount(t.app, owner, 'ENGINEER');
    const refused = await request(t.app).get(path).set(engineer.auth);
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
  });
});
