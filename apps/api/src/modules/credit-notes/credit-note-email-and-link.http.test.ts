import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { EMAIL_MESSAGES } from '@docket/schemas/email';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createIssuedInvoice } from '../../../test/document-fixtures.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';

/** docs/product.md, "Credit notes": a credit note is emailed (with its PDF) and shared by link like an invoice. */
let t: TestApp;
let peer: SmtpPeer;
let user: TestUser;
let stranger: TestUser;
let clientId: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ mail: { smtpUrl: peer.url, from: 'Docket <no-reply@docket.test>', perDay: 200, retryDelaySeconds: 1 } }, { jobs: true });
  user = await registerUser(t.app);
  stranger = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user, { name: 'Acme Plumbing Ltd', email: 'accounts@acme.example' })).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function creditNote(client = clientId) {
  const invoice = await createIssuedInvoice(t.app, user, client);
  const res = await request(t.app)
    .post(`/api/invoices/${invoice.id}/credit-notes`)
    .set(user.auth)
    .send({ reason: 'Socket not fitted', lineItems: [{ description: 'Socket', quantity: 1, unitPrice: 8.45 }] })
    .expect(201);
  return { invoice, note: res.body.data as { id: string; creditNoteNumber: string; total: number } };
}
const history = async (id: string) =>
  (await request(t.app).get(`/api/credit-notes/${id}/history`).set(user.auth).expect(200)).body.data as { action: string; summary: string }[];

describe('emailing a credit note', () => {
  it('when a credit note is emailed, then the client receives it with its PDF, the link in it opens the credit note, and its history says so', async () => {
    const { invoice, note } = await creditNote();
    const before = peer.received.length;
    const res = await request(t.app).post(`/api/credit-notes/${note.id}/email`).set(user.auth).send({});
    expect([res.status, res.body.data.status]).toEqual([202, 'queued']);
    const mail = (await peer.waitFor(before + 1))[before]!;
    expect(mail.subject).toBe(`Credit note ${note.creditNoteNumber} from Bright Sparks Electrical`);
    expect(mail.text).toContain(`credit note ${note.creditNoteNumber} for £10.14`);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${note.creditNoteNumber}.pdf`]);
    const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
    const page = (await request(t.app).get(`/api/public/documents/${token}`).expect(200)).body.data;
    expect(page).toMatchObject({
      kind: 'credit_note',
      number: note.creditNoteNumber,
      status: 'ISSUED',
      total: 10.14,
      bank: null,
      paymentReference: null,
      creditNote: { invoiceNumber: invoice.invoiceNumber, reason: 'Socket not fitted' },
      lines: [{ description: 'Socket', quantity: 1, unitPrice: 8.45, amount: 8.45, discountPercent: null }],
    });
    const pdf = await request(t.app).get(`/api/public/documents/${token}/pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const deliveries = (await request(t.app).get('/api/deliveries').query({ documentId: note.id }).set(user.auth).expect(200)).body.data;
    expect(deliveries).toHaveLength(1);
    const actions = (await history(note.id)).map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['emailed', 'shared', 'viewed']));
    const bell = (await request(t.app).get('/api/notifications').set(user.auth).expect(200)).body.data.items as {
      documentKind: string;
      documentId: string;
      kind: string;
    }[];
    expect(bell.filter((n) => n.documentId === note.id).map((n) => [n.documentKind, n.kind])).toEqual([['credit_note', 'viewed']]);
  });

  it('when the client has no email address, then 400 asks for one and nothing is queued', async () => {
    const noEmail = (await createClient(t.app, user, { name: 'Mrs Patel', email: undefined })).id;
    const { note } = await creditNote(noEmail);
    const res = await request(t.app).post(`/api/credit-notes/${note.id}/email`).set(user.auth).send({});
    expect([res.status, res.body.error]).toEqual([400, EMAIL_MESSAGES.noRecipient]);
    expect((await request(t.app).get('/api/deliveries').query({ documentId: note.id }).set(user.auth)).body.data).toEqual([]);
  });

  it('when the body is not what the route takes, then 400 names the problem and nothing is queued', async () => {
    const { note } = await creditNote();
    const unknown = await request(t.app).post(`/api/credit-notes/${note.id}/email`).set(user.auth).send({ bcc: 'x@example.com' });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'Unknown field: bcc']);
    const header = await request(t.app).post(`/api/credit-notes/${note.id}/email`).set(user.auth).send({ subject: 'Hi\r\nBcc: x@example.com' });
    expect([header.status, header.body.error]).toEqual([400, EMAIL_MESSAGES.headerLineBreak]);
    expect((await request(t.app).post('/api/credit-notes/not-a-uuid/email').set(user.auth).send({})).status).toBe(400);
    expect((await request(t.app).get('/api/deliveries').query({ documentId: note.id }).set(user.auth)).body.data).toEqual([]);
  });
});

describe('sharing a credit note', () => {
  it('when a credit note is shared and then revoked, then the link opens it until revoked and the same 404 after', async () => {
    const { note } = await creditNote();
    const shared = await request(t.app).post(`/api/credit-notes/${note.id}/share`).set(user.auth).expect(201);
    const token = (shared.body.data.url as string).split('/p/')[1]!;
    expect((await request(t.app).get(`/api/public/documents/${token}`).expect(200)).body.data.kind).toBe('credit_note');
    // A credit note has nothing to accept: its token answers the same 404 as any wrong one.
    expect((await request(t.app).post(`/api/public/quotes/${token}/accept`).send({ name: 'X', agreeTerms: true })).status).toBe(404);
    expect((await request(t.app).delete(`/api/credit-notes/${note.id}/share`).set(user.auth).expect(200)).body.data).toEqual({ revoked: true });
    expect((await request(t.app).get(`/api/public/documents/${token}`)).status).toBe(404);
    expect((await history(note.id)).map((h) => h.action)).toEqual(expect.arrayContaining(['shared', 'link revoked']));
  });

  it('when another account asks to share, revoke or email a credit note, then 404 and nothing changes', async () => {
    const { note } = await creditNote();
    for (const res of [
      await request(t.app).post(`/api/credit-notes/${note.id}/share`).set(stranger.auth),
      await request(t.app).delete(`/api/credit-notes/${note.id}/share`).set(stranger.auth),
      await request(t.app).post(`/api/credit-notes/${note.id}/email`).set(stranger.auth).send({ to: 'x@example.com' }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await request(t.app).get('/api/deliveries').query({ documentId: note.id }).set(user.auth)).body.data).toEqual([]);
    expect((await history(note.id)).map((h) => h.action)).toEqual(['created']);
  });
});
