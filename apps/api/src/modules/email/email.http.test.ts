import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { simpleParser } from 'mailparser';
import { createApp } from '../../app.ts';
import { checkAnswers } from '../../../test/answer-schemas.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { EMAIL_MESSAGES, VERIFY_MESSAGES } from '@docket/schemas/email';

let t: TestApp;
let peer: SmtpPeer;
let user: TestUser;
let clientId: string;
/** The same database and queue, but no mail server configured and no worker of its own. */
let outboxApp: ReturnType<typeof createApp>;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    {
      planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1 },
      mail: { smtpUrl: peer.url, from: 'Docket <no-reply@docket.test>', perDay: 200, retryDelaySeconds: 1 },
    },
    { jobs: true },
  );
  outboxApp = checkAnswers(
    createApp({ ...t.ctx, jobs: undefined, config: { ...t.ctx.config, mail: { from: 'Docket <no-reply@docket.test>', perDay: 200, retryDelaySeconds: 1 } } }),
  );
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user, { name: 'Acme Plumbing Ltd', email: 'accounts@acme.example' })).id;
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
const deliveries = async (documentId: string) =>
  (await request(t.app).get('/api/deliveries').query({ documentId }).set(user.auth).expect(200)).body.data as {
    id: string;
    status: string;
    attempts: number;
    lastError: string | null;
    messageId: string | null;
  }[];
async function settled(documentId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await deliveries(documentId);
    if (list.length && list.every((d) => d.status === 'sent' || d.status === 'failed')) return list;
    if (Date.now() > until) throw new Error(`deliveries not settled: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('emailing documents over SMTP', () => {
  it('when a draft invoice is emailed, then it is issued and the client receives it with the PDF the preview shows', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const res = await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({ cc: 'boss@acme.example' });
    expect(res.status).toBe(202);
    expect(res.body.data.status).toBe('queued');
    const [mail] = await peer.waitFor(1);
    const list = await settled(invoice.id);
    expect(list[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(list[0]!.messageId).toBeTruthy();

    const issued = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(user.auth)).body.data;
    expect(issued.status).toBe('SENT');
    expect(mail!.subject).toBe(`Invoice ${issued.invoiceNumber} from Bright Sparks Electrical: £379.20 due`);
    // The company's name over MAIL_FROM's address; replies go to the company.
    expect(mail!.from?.value).toEqual([{ name: 'Bright Sparks Electrical', address: 'no-reply@docket.test' }]);
    expect(mail!.replyTo?.text).toBe('hello@brightsparks.example');
    expect(peer.envelopes[0]!.sort()).toEqual(['accounts@acme.example', 'boss@acme.example']);
    expect(mail!.text).toContain('Dear Acme Plumbing Ltd');
    expect(mail!.text).toContain('£379.20');
    expect(mail!.text).toContain('31 January 2030');
    expect(mail!.text).not.toMatch(/\{\{/);
    expect(mail!.html).toContain('Acme Plumbing Ltd');
    const [attachment] = mail!.attachments;
    expect(attachment!.filename).toBe(`${issued.invoiceNumber}.pdf`);
    const preview = (await binary(request(t.app).get(`/api/invoices/${invoice.id}/preview`).set(user.auth))).body as Buffer;
    expect(Buffer.compare(attachment!.content, preview)).toBe(0);

    const history = (await request(t.app).get(`/api/invoices/${invoice.id}/history`).set(user.auth)).body.data as { action: string; summary: string }[];
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['sent', 'emailed']));
    expect(history.some((h) => h.summary.startsWith('Email delivered to accounts@acme.example'))).toBe(true);
  });

  it('when a draft invoice is emailed with the text the dialog was given, then the subject carries the number the issue gave it', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const prefill = (
      await request(t.app).post('/api/company/email-templates/preview').set(user.auth).send({ kind: 'invoice', documentId: invoice.id }).expect(200)
    ).body.data;
    const before = peer.received.length;
    await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({ subject: prefill.subject, message: prefill.text }).expect(202);
    const mail = (await peer.waitFor(before + 1))[before]!;
    const issued = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(user.auth)).body.data;
    expect(issued.invoiceNumber).toMatch(/^INV\d{4}$/);
    expect(mail.subject).toBe(`Invoice ${issued.invoiceNumber} from Bright Sparks Electrical: £379.20 due`);
    expect(mail.text).toContain(`invoice ${issued.invoiceNumber}`);
    expect(mail.text).not.toMatch(/Draft|\{\{/);
  });

  it('when a quote is emailed, then the message carries a client link that opens it; asked not to, the next one carries none and the old link still works', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const before = peer.received.length;
    await request(t.app).post(`/api/quotes/${quote.id}/email`).set(user.auth).send({}).expect(202);
    const mail = (await peer.waitFor(before + 1))[before]!;
    const match = /\/p\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    expect(match, mail.text).not.toBeNull();
    expect(mail.html).toContain(`/p/${match![1]}`);
    const page = await request(t.app).get(`/api/public/documents/${match![1]}`).expect(200);
    expect(page.body.data).toMatchObject({ kind: 'quote', status: 'SENT' });

    await request(t.app).post(`/api/quotes/${quote.id}/email`).set(user.auth).send({ includeLink: false }).expect(202);
    const second = (await peer.waitFor(before + 2))[before + 1]!;
    expect(second.text).not.toMatch(/\/p\//);
    await request(t.app).get(`/api/public/documents/${match![1]}`).expect(200);
    expect((await request(t.app).post(`/api/quotes/${quote.id}/email`).set(user.auth).send({ includeLink: 'yes' })).status).toBe(400);
  });

  it('when a quote is emailed with an own subject and message, then those are what arrive, placeholders filled', async () => {
    const quote = await createQuote(t.app, user, clientId);
    const before = peer.received.length;
    await request(t.app)
      .post(`/api/quotes/${quote.id}/email`)
      .set(user.auth)
      .send({ to: ['other@acme.example'], subject: 'Your quote {{documentNumber}}', message: 'Hi {{clientName}}, total {{total}}.' })
      .expect(202);
    const mails = await peer.waitFor(before + 1);
    const mail = mails[before]!;
    const sent = (await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data;
    expect(sent.status).toBe('SENT');
    expect(mail.subject).toBe(`Your quote ${sent.quoteNumber}`);
    expect(mail.text?.trim()).toBe('Hi Acme Plumbing Ltd, total £379.20.');
    expect(mail.attachments[0]!.filename).toBe(`${sent.quoteNumber}.pdf`);
  });

  it('when the server answers 451 and then 250, then one message arrives after a retry', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const before = peer.received.length;
    const triesBefore = peer.tries;
    peer.replies.push(451);
    await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({}).expect(202);
    const [d] = await settled(invoice.id);
    expect(d).toMatchObject({ status: 'sent', attempts: 2 });
    expect(peer.received.length).toBe(before + 1);
    expect(peer.tries - triesBefore).toBe(2);
  });

  it('when the server answers 550, then the delivery fails at once with the reply shown and is not retried', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const triesBefore = peer.tries;
    peer.replies.push(550);
    await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({}).expect(202);
    const [d] = await settled(invoice.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1 });
    expect(d!.lastError).toMatch(/^550 .*no such user/);
    await new Promise((r) => setTimeout(r, 3000));
    expect(peer.tries - triesBefore).toBe(1);
    const history = (await request(t.app).get(`/api/invoices/${invoice.id}/history`).set(user.auth)).body.data as { summary: string }[];
    expect(history.some((h) => /failed: 550/.test(h.summary))).toBe(true);
    // The bell says so too.
    const notes = (await request(t.app).get('/api/notifications').set(user.auth).expect(200)).body.data.items as { kind: string; summary: string }[];
    expect(notes.some((n) => n.kind === 'email failed' && /failed: 550/.test(n.summary))).toBe(true);
  });

  it('when no mail server is configured, then the message waits in the outbox, downloads as .eml, and is sent once a server is configured', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    const res = await request(outboxApp).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({});
    expect(res.status).toBe(202);
    expect(res.body.data.status).toBe('outbox');
    const outbox = (await request(outboxApp).get('/api/email/outbox').set(user.auth).expect(200)).body.data as {
      id: string;
      note: string;
      to: string[];
      textBody: string;
      attachmentName: string;
    }[];
    const message = outbox.find((m) => m.id === res.body.data.deliveryId)!;
    expect(message.note).toBe('Not sent: no mail server configured');
    expect(message.to).toEqual(['accounts@acme.example']);
    expect(message.textBody).toContain('Dear Acme Plumbing Ltd');

    const eml = await binary(request(outboxApp).get(`/api/email/deliveries/${message.id}/eml`).set(user.auth));
    expect(eml.status).toBe(200);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    const parsed = await simpleParser(eml.body as Buffer);
    expect(parsed.replyTo?.text).toBe('hello@brightsparks.example');
    const preview = (await binary(request(t.app).get(`/api/invoices/${invoice.id}/preview`).set(user.auth))).body as Buffer;
    expect(Buffer.compare(parsed.attachments[0]!.content, preview)).toBe(0);

    const refused = await request(outboxApp).post('/api/email/outbox/send').set(user.auth).send({});
    expect(refused.status).toBe(409);

    const before = peer.received.length;
    const sent = await request(t.app).post('/api/email/outbox/send').set(user.auth).send({});
    expect(sent.status).toBe(202);
    expect(sent.body.data.queued).toBeGreaterThanOrEqual(1);
    const [d] = await settled(invoice.id);
    expect(d!.status).toBe('sent');
    expect(peer.received.length).toBe(before + 1);
    expect((await request(t.app).get('/api/email/outbox').set(user.auth)).body.data).toEqual([]);
  });

  it('when another account asks for the deliveries, the .eml or to email the document, then 404', async () => {
    const other = await registerUser(t.app);
    const invoice = await createInvoice(t.app, user, clientId);
    const res = await request(outboxApp).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({}).expect(202);
    expect((await request(t.app).get('/api/deliveries').query({ documentId: invoice.id }).set(other.auth)).body.data).toEqual([]);
    expect((await request(t.app).get(`/api/email/deliveries/${res.body.data.deliveryId}/eml`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(other.auth).send({})).status).toBe(404);
    expect((await request(t.app).post('/api/email/outbox/send').set(other.auth).send({ id: res.body.data.deliveryId })).status).toBe(404);
  });

  it('when header fields carry line breaks or addresses are malformed, then 400 and nothing is queued', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    for (const body of [
      { subject: 'Hello\r\nBcc: victim@example.com' },
      { subject: 'Hello\nX-Injected: 1' },
      { to: 'a@b.example\r\nBcc: victim@example.com' },
      { to: 'not-an-address' },
      { cc: ['ok@example.com', 'bad@'] },
      { message: 'Hi {{nope}}' },
    ]) {
      const res = await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await deliveries(invoice.id)).toEqual([]);
    const draft = (await request(t.app).get(`/api/invoices/${invoice.id}`).set(user.auth)).body.data;
    expect(draft.status).toBe('DRAFT');
  });

  it('when the daily limit is reached, then 429 with a clear message', async () => {
    const limited = checkAnswers(
      createApp({ ...t.ctx, jobs: undefined, config: { ...t.ctx.config, mail: { from: 'x@docket.test', perDay: 1, retryDelaySeconds: 1 } } }),
    );
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u)).id;
    const a = await createInvoice(t.app, u, c);
    const b = await createInvoice(t.app, u, c);
    await request(limited).post(`/api/invoices/${a.id}/email`).set(u.auth).send({}).expect(202);
    const res = await request(limited).post(`/api/invoices/${b.id}/email`).set(u.auth).send({});
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Daily email limit reached (1 per day): try again tomorrow');
  });

  it('when a CIS invoice is emailed with the default template, then subject and body name the amount due (total less the deduction), not the total', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ name: 'Oak & Ash Joinery', cisSubcontractor: true }))
      .expect(201);
    const c = (await createClient(t.app, u, { isBusiness: true, cisRate: 20 })).id;
    const res = await request(t.app)
      .post('/api/invoices')
      .set(u.auth)
      .send({ clientId: c, lineItems: [{ description: 'Labour', quantity: 1, unitPrice: 1000, kind: 'LABOUR' }], tax: 20, dueDate: '2030-01-31' })
      .expect(201);
    expect(res.body.data).toMatchObject({ total: 1200, amountDue: 1000 });
    const before = peer.received.length;
    await request(t.app).post(`/api/invoices/${res.body.data.id}/email`).set(u.auth).send({}).expect(202);
    const mail = (await peer.waitFor(before + 1))[before]!;
    expect(mail.subject).toMatch(/: £1,000\.00 due$/);
    expect(mail.text).toContain('The amount due is £1,000.00, by 31 January 2030');
    expect(mail.text).not.toContain('£1,200.00');
    expect(mail.from?.value).toEqual([{ name: 'Oak & Ash Joinery', address: 'no-reply@docket.test' }]);
    expect(mail.replyTo?.text).toBe('hello@brightsparks.example');
  });

  it('when an account has not verified its address, then it may email only itself, and after opening the link anyone', async () => {
    const u = await registerUser(t.app, undefined, { verified: false });
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u)).id;
    const invoice = await createInvoice(t.app, u, c);
    const refused = await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(u.auth).send({});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(EMAIL_MESSAGES.verifyFirst);
    const cc = await request(t.app)
      .post(`/api/invoices/${invoice.id}/email`)
      .set(u.auth)
      .send({ to: [u.email.toUpperCase()], cc: ['someone@else.example'] });
    expect(cc.status).toBe(403);
    // Nothing was issued or queued by the refusals.
    expect((await request(t.app).get(`/api/invoices/${invoice.id}`).set(u.auth)).body.data.status).toBe('DRAFT');
    expect(await deliveriesOf(u, invoice.id)).toEqual([]);
    // To itself is allowed (a test send).
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/email`)
      .set(u.auth)
      .send({ to: [u.email] })
      .expect(202);
    // The sign-up link went through the same outbox and arrives at the account's address.
    const link = await verificationLink(u.email);
    expect((await request(t.app).get('/api/auth/me').set(u.auth)).body.data.emailVerified).toBe(false);
    const token = new URL(link).searchParams.get('token')!;
    expect(
      (
        await request(t.app)
          .post('/api/auth/verify-email')
          .send({ token: token.slice(0, -2) + 'xx' })
      ).status,
    ).toBe(400);
    await request(t.app).post('/api/auth/verify-email').send({ token }).expect(200);
    expect((await request(t.app).get('/api/auth/me').set(u.auth)).body.data.emailVerified).toBe(true);
    // A verification token is not a session.
    expect(
      (
        await request(t.app)
          .get('/api/auth/me')
          .set({ Authorization: `Bearer ${token}` })
      ).status,
    ).toBe(401);
    const second = await createInvoice(t.app, u, c);
    await request(t.app).post(`/api/invoices/${second.id}/email`).set(u.auth).send({}).expect(202);
    expect((await request(t.app).post('/api/auth/resend-verification').set(u.auth).send({})).status).toBe(409);
  });

  it('when an unverified account asks for new links, then they arrive, at most three an hour', async () => {
    const u = await registerUser(t.app, undefined, { verified: false });
    for (let i = 0; i < 2; i++) await request(t.app).post('/api/auth/resend-verification').set(u.auth).send({}).expect(202);
    const third = await request(t.app).post('/api/auth/resend-verification').set(u.auth).send({});
    expect(third.status).toBe(429);
    expect(third.body.error).toBe(VERIFY_MESSAGES.tooMany);
    const until = Date.now() + 20_000;
    while (peer.verifications.filter((m) => m.to && JSON.stringify(m.to).includes(u.email)).length < 3 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect(peer.verifications.filter((m) => JSON.stringify(m.to).includes(u.email))).toHaveLength(3);
  });

  it('when a new account sends past its first-week limit, then 429 naming the lower limit, while an older account keeps the full limit', async () => {
    const limited = checkAnswers(
      createApp({
        ...t.ctx,
        jobs: undefined,
        config: { ...t.ctx.config, mail: { from: 'x@docket.test', perDay: 3, newAccountPerDay: 1, retryDelaySeconds: 1 } },
      }),
    );
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u)).id;
    const [a, b, d] = [await createInvoice(t.app, u, c), await createInvoice(t.app, u, c), await createInvoice(t.app, u, c)];
    await request(limited).post(`/api/invoices/${a.id}/email`).set(u.auth).send({}).expect(202);
    const res = await request(limited).post(`/api/invoices/${b.id}/email`).set(u.auth).send({});
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Daily email limit reached (1 per day): try again tomorrow');
    // Eight days on, the account has the full limit.
    t.setNow(new Date(Date.now() + 8 * 86_400_000));
    try {
      await request(limited).post(`/api/invoices/${b.id}/email`).set(u.auth).send({}).expect(202);
      await request(limited).post(`/api/invoices/${d.id}/email`).set(u.auth).send({}).expect(202);
    } finally {
      t.setNow(null);
    }
  });

  it('when the mail server is down, then the send is retried and then fails with the reason', async () => {
    const port = peer.port;
    await peer.close();
    const invoice = await createInvoice(t.app, user, clientId);
    await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(user.auth).send({}).expect(202);
    const [d] = await settled(invoice.id, 45_000);
    expect(d).toMatchObject({ status: 'failed', attempts: 3 });
    expect(d!.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    peer = await startSmtpPeer(port);
  });
});

async function deliveriesOf(u: TestUser, documentId: string) {
  return (await request(t.app).get('/api/deliveries').query({ documentId }).set(u.auth).expect(200)).body.data as unknown[];
}
async function verificationLink(address: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const mail = peer.verifications.findLast((m) => JSON.stringify(m.to).includes(address));
    if (mail) return /https?:\/\/\S+verify-email\?token=\S+/.exec(mail.text ?? '')![0];
    if (Date.now() > until) throw new Error('no verification email');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('email templates', () => {
  it('when templates are read, edited and previewed, then defaults apply, unknown placeholders are refused by name, and accounts never share them', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u, { name: 'Oakwood Joinery' })).id;
    const defaults = (await request(t.app).get('/api/company/email-templates').set(u.auth).expect(200)).body.data;
    expect(defaults.invoice.subject).toBe('Invoice {{documentNumber}} from {{companyName}}: {{balanceDue}} due');
    expect(Object.keys(defaults).sort()).toEqual(['credit_note', 'invoice', 'password_reset', 'quote', 'reminder']);

    const refused = await request(t.app)
      .put('/api/company/email-templates')
      .set(u.auth)
      .send({ invoice: { subject: 'Hi', body: 'Dear {{clientNme}}' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Unknown placeholder {{clientNme}}');

    await request(t.app)
      .put('/api/company/email-templates')
      .set(u.auth)
      .send({ invoice: { subject: 'Bill {{documentNumber}}', body: 'Hello {{clientName}}, {{balanceDue}} by {{dueDate}}. <b>{{companyName}}</b>' } })
      .expect(200);
    const invoice = await createInvoice(t.app, u, c);
    const preview = (
      await request(t.app).post('/api/company/email-templates/preview').set(u.auth).send({ kind: 'invoice', documentId: invoice.id }).expect(200)
    ).body.data;
    // A draft has no number yet: the email dialog's text keeps the placeholder, which the send fills
    // once the email has issued the invoice (a subject "Bill Draft" would reach the client otherwise).
    expect(invoice.invoiceNumber).toBeNull();
    expect(preview.subject).toBe('Bill {{documentNumber}}');
    expect(preview.text).toContain('Hello Oakwood Joinery, £379.20 by 31 January 2030.');
    expect(preview.html).toContain('&#60;b&#62;Bright Sparks Electrical&#60;/b&#62;');
    const bad = await request(t.app).post('/api/company/email-templates/preview').set(u.auth).send({ kind: 'invoice', body: 'x {{evil}}' });
    expect(bad.status).toBe(400);

    // Another account: its own defaults, and the first account's invoice is not found.
    const other = await registerUser(t.app);
    expect((await request(t.app).get('/api/company/email-templates').set(other.auth)).body.data.invoice.subject).toBe(
      'Invoice {{documentNumber}} from {{companyName}}: {{balanceDue}} due',
    );
    expect((await request(t.app).post('/api/company/email-templates/preview').set(other.auth).send({ kind: 'invoice', documentId: invoice.id })).status).toBe(
      404,
    );
  });
});
