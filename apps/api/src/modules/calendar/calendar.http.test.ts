import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, approvedQuote, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

let t: TestApp;
let user: TestUser;
let client: { id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  client = await createClient(t.app, user);
});
afterEach(() => t.setNow(null));
afterAll(() => t.close());

const eventBody = (over: Record<string, unknown> = {}) => ({
  title: 'Site visit',
  startDate: '2030-03-10T09:00:00.000Z',
  endDate: '2030-03-10T10:00:00.000Z',
  ...over,
});
const createEvent = async (u: TestUser, over: Record<string, unknown> = {}) => {
  const res = await request(t.app).post('/api/calendar').set(u.auth).send(eventBody(over));
  if (res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

describe('POST /api/calendar', () => {
  it('when only the required fields are sent, then the section 5 defaults apply', async () => {
    const res = await request(t.app).post('/api/calendar').set(user.auth).send(eventBody());
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      title: 'Site visit',
      description: null,
      startDate: '2030-03-10T09:00:00.000Z',
      endDate: '2030-03-10T10:00:00.000Z',
      allDay: false,
      color: '#22c55e',
      location: null,
      notes: null,
      status: 'SCHEDULED',
      type: 'APPOINTMENT',
      clientId: null,
      quoteId: null,
      invoiceId: null,
      client: null,
      quote: null,
      invoice: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('when every field and links are sent, then all are kept and the links nested', async () => {
    const quote = await createQuote(t.app, user, client.id);
    const invoice = await createInvoice(t.app, user, client.id);
    const res = await request(t.app)
      .post('/api/calendar')
      .set(user.auth)
      .send(
        eventBody({
          description: 'Check the fuse box',
          allDay: true,
          color: '#8B5CF6',
          location: '1 High Street',
          notes: 'Bring ladder',
          status: 'COMPLETED',
          type: 'MEETING',
          clientId: client.id,
          quoteId: quote.id,
          invoiceId: invoice.id,
        }),
      );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      description: 'Check the fuse box',
      allDay: true,
      color: '#8b5cf6',
      location: '1 High Street',
      notes: 'Bring ladder',
      status: 'COMPLETED',
      type: 'MEETING',
      client: { id: client.id, name: client.name },
      quote: { id: quote.id, quoteNumber: quote.quoteNumber, status: 'DRAFT', total: quote.total },
      invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, status: 'DRAFT', total: invoice.total },
    });
  });

  it.each([
    ['APPOINTMENT', '#22c55e'],
    ['QUOTE_FOLLOW_UP', '#facc15'],
    ['INVOICE_FOLLOW_UP', '#ef4444'],
    ['MEETING', '#3b82f6'],
  ])('when a %s has no colour, then it gets %s', async (type, color) => {
    expect((await createEvent(user, { type })).color).toBe(color);
  });

  it.each([
    ['no title', { title: undefined }, 'title', 'Title is required'],
    ['a blank title', { title: '  ' }, 'title', 'Title is required'],
    ['no start date', { startDate: undefined }, 'startDate', 'Start date is required'],
    ['an empty start date', { startDate: '' }, 'startDate', 'Start date is required'],
    ['no end date', { endDate: undefined }, 'endDate', 'End date is required'],
    ['an end before the start', { endDate: '2030-03-10T08:59:59.000Z' }, 'endDate', 'End date must be after start date'],
    ['a bad date', { startDate: 'tomorrow' }, 'startDate', 'Date must be a valid date'],
    ['an unknown type', { type: 'PARTY' }, 'type', 'Type must be one of APPOINTMENT, QUOTE_FOLLOW_UP, INVOICE_FOLLOW_UP, MEETING'],
    ['a bad colour', { color: 'green' }, 'color', 'Color must be a hex colour like #22c55e'],
  ])('when the body has %s, then 400 with the message and nothing is created', async (_c, over, field, message) => {
    const before = (await request(t.app).get('/api/calendar').set(user.auth)).body.data.length;
    const res = await request(t.app).post('/api/calendar').set(user.auth).send(eventBody(over));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details[field]).toBe(message);
    expect((await request(t.app).get('/api/calendar').set(user.auth)).body.data).toHaveLength(before);
  });

  it("when a client, quote or invoice id is another user's, then 400 naming it and nothing is created", async () => {
    const other = await registerUser(t.app);
    const theirClient = await createClient(t.app, other);
    const theirQuote = await createQuote(t.app, other, theirClient.id);
    const theirInvoice = await createInvoice(t.app, other, theirClient.id);
    const cases: [string, string, string][] = [
      ['clientId', theirClient.id, 'Client not found'],
      ['quoteId', theirQuote.id, 'Quote not found'],
      ['invoiceId', theirInvoice.id, 'Invoice not found'],
    ];
    for (const [field, id, message] of cases) {
      const res = await request(t.app)
        .post('/api/calendar')
        .set(user.auth)
        .send(eventBody({ [field]: id }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.details).toEqual({ [field]: message });
    }
    const u = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/calendar')
      .set(u.auth)
      .send(eventBody({ clientId: theirClient.id }));
    expect(res.status).toBe(400);
    expect((await request(t.app).get('/api/calendar').set(u.auth)).body.data).toEqual([]);
  });
});

describe('GET, PUT and DELETE /api/calendar/:id', () => {
  it('when listed, then a plain array newest first; when fetched, the same event', async () => {
    const u = await registerUser(t.app);
    const a = await createEvent(u);
    const b = await createEvent(u, { title: 'Second' });
    const list = await request(t.app).get('/api/calendar').set(u.auth);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([b.id, a.id]);
    expect((await request(t.app).get(`/api/calendar/${a.id}`).set(u.auth)).body.data).toEqual(a);
  });

  it('when updated, then the fields are replaced and colour follows the new type when none is given', async () => {
    const event = await createEvent(user);
    const res = await request(t.app)
      .put(`/api/calendar/${event.id}`)
      .set(user.auth)
      .send(eventBody({ title: 'Moved', type: 'INVOICE_FOLLOW_UP', clientId: client.id, startDate: '2030-03-11T09:00:00Z', endDate: '2030-03-11T09:30:00Z' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: event.id,
      title: 'Moved',
      color: '#ef4444',
      client: { id: client.id, name: client.name },
      startDate: '2030-03-11T09:00:00.000Z',
    });
  });

  it('when an update puts the end before the start, then 400 and the event is unchanged', async () => {
    const event = await createEvent(user);
    const res = await request(t.app)
      .put(`/api/calendar/${event.id}`)
      .set(user.auth)
      .send(eventBody({ endDate: '2030-03-09T00:00:00Z' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('End date must be after start date');
    expect((await request(t.app).get(`/api/calendar/${event.id}`).set(user.auth)).body.data).toEqual(event);
  });

  it('when deleted, then it is gone', async () => {
    const event = await createEvent(user);
    const res = await request(t.app).delete(`/api/calendar/${event.id}`).set(user.auth);
    expect(res.body.data).toEqual({ id: event.id });
    expect((await request(t.app).get(`/api/calendar/${event.id}`).set(user.auth)).status).toBe(404);
  });

  it('when another user reads, updates or deletes an event, then 404 and it is unchanged', async () => {
    const event = await createEvent(user);
    const other = await registerUser(t.app);
    for (const res of await Promise.all([
      request(t.app).get(`/api/calendar/${event.id}`).set(other.auth),
      request(t.app).put(`/api/calendar/${event.id}`).set(other.auth).send(eventBody()),
      request(t.app).delete(`/api/calendar/${event.id}`).set(other.auth),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Event not found');
    }
    expect((await request(t.app).get(`/api/calendar/${event.id}`).set(user.auth)).body.data).toEqual(event);
  });

  it("when an update links another user's invoice, then 400", async () => {
    const event = await createEvent(user);
    const other = await registerUser(t.app);
    const theirInvoice = await createInvoice(t.app, other, (await createClient(t.app, other)).id);
    const res = await request(t.app)
      .put(`/api/calendar/${event.id}`)
      .set(user.auth)
      .send(eventBody({ invoiceId: theirInvoice.id }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ invoiceId: 'Invoice not found' });
  });

  it('when the linked invoice is overdue, then the nested status says OVERDUE', async () => {
    const invoice = await createInvoice(t.app, user, client.id, { dueDate: '2030-01-01' });
    await act(t.app, user, 'invoices', invoice.id, 'send');
    const event = await createEvent(user, { invoiceId: invoice.id });
    t.setNow('2030-02-01T12:00:00Z');
    expect((await request(t.app).get(`/api/calendar/${event.id}`).set(user.auth)).body.data.invoice.status).toBe('OVERDUE');
  });

  it('when the linked quote and invoice are deleted, then the event stays with the links cleared', async () => {
    const quote = await createQuote(t.app, user, client.id);
    const invoice = await createInvoice(t.app, user, client.id);
    const event = await createEvent(user, { quoteId: quote.id, invoiceId: invoice.id });
    await request(t.app).delete(`/api/quotes/${quote.id}`).set(user.auth);
    await request(t.app).delete(`/api/invoices/${invoice.id}`).set(user.auth);
    const res = await request(t.app).get(`/api/calendar/${event.id}`).set(user.auth);
    expect(res.body.data).toMatchObject({ quoteId: null, invoiceId: null, quote: null, invoice: null });
  });
});

describe('GET /api/calendar/range/:start/:end', () => {
  let u: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    u = await registerUser(t.app);
    const spans: [string, string, string][] = [
      ['before', '2030-05-01T08:00:00Z', '2030-05-01T08:59:59Z'],
      ['touchesStart', '2030-05-01T08:00:00Z', '2030-05-01T09:00:00Z'],
      ['inside', '2030-05-02T10:00:00Z', '2030-05-02T11:00:00Z'],
      ['spanning', '2030-04-01T00:00:00Z', '2030-06-01T00:00:00Z'],
      ['touchesEnd', '2030-05-03T17:00:00Z', '2030-05-03T18:00:00Z'],
      ['after', '2030-05-03T17:00:01Z', '2030-05-03T18:00:00Z'],
    ];
    for (const [title, startDate, endDate] of spans) ids[title] = (await createEvent(u, { title, startDate, endDate })).id;
    await createEvent(user, { startDate: '2030-05-02T10:00:00Z', endDate: '2030-05-02T11:00:00Z' });
  });

  it('when events touch or overlap the range, then only they come back, earliest first, and only mine', async () => {
    const res = await request(t.app).get('/api/calendar/range/2030-05-01T09:00:00Z/2030-05-03T17:00:00Z').set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { title: string }) => e.title)).toEqual(['spanning', 'touchesStart', 'inside', 'touchesEnd']);
  });

  it('when the range is given as dates, then they mean midnight UTC', async () => {
    const res = await request(t.app).get('/api/calendar/range/2030-05-02/2030-05-03').set(u.auth);
    expect(res.body.data.map((e: { title: string }) => e.title)).toEqual(['spanning', 'inside']);
  });

  it('when start equals end, then events covering that instant', async () => {
    const res = await request(t.app).get('/api/calendar/range/2030-05-02T10:30:00Z/2030-05-02T10:30:00Z').set(u.auth);
    expect(res.body.data.map((e: { title: string }) => e.title)).toEqual(['spanning', 'inside']);
  });

  it.each([
    ['not-a-date', '2030-05-03', 'Date must be a valid date'],
    ['2030-02-30', '2030-05-03', 'Date must be a valid date'],
    ['2030-05-04', '2030-05-03', 'Start must be before end'],
  ])('when the range is %s to %s, then 400 %s', async (start, end, message) => {
    const res = await request(t.app).get(`/api/calendar/range/${start}/${end}`).set(u.auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('POST /api/calendar/from-quote/:quoteId', () => {
  it("when no slot is given, then tomorrow 09:00-09:30 London with the follow-up's fields", async () => {
    const quote = await approvedQuote(t.app, user, client.id);
    t.setNow('2030-07-14T23:30:00Z'); // already 15 July in London (BST)
    const res = await request(t.app).post(`/api/calendar/from-quote/${quote.id}`).set(user.auth).send({});
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: `Follow-up: ${client.name}`,
      description: `Follow-up for quote ${quote.quoteNumber}`,
      type: 'QUOTE_FOLLOW_UP',
      color: '#facc15',
      status: 'SCHEDULED',
      allDay: false,
      startDate: '2030-07-16T08:00:00.000Z',
      endDate: '2030-07-16T08:30:00.000Z',
      clientId: client.id,
      client: { id: client.id, name: client.name },
      quoteId: quote.id,
      quote: { id: quote.id, quoteNumber: quote.quoteNumber, status: 'APPROVED', total: quote.total },
    });
  });

  it("when the quote has a site address, then the follow-up's location is that address, and without one none", async () => {
    const quote = await createQuote(t.app, user, client.id, { siteAddress: '2 Canal Street\nManchester M1 3HE' });
    const res = await request(t.app).post(`/api/calendar/from-quote/${quote.id}`).set(user.auth).send({});
    expect(res.status).toBe(201);
    expect(res.body.data.location).toBe('2 Canal Street, Manchester M1 3HE');
    const plain = await createQuote(t.app, user, client.id);
    expect((await request(t.app).post(`/api/calendar/from-quote/${plain.id}`).set(user.auth).send({})).body.data.location).toBeNull();
  });

  it('when it is winter, then 09:00 London is 09:00 UTC', async () => {
    const quote = await createQuote(t.app, user, client.id);
    t.setNow('2030-01-14T12:00:00Z');
    const res = await request(t.app).post(`/api/calendar/from-quote/${quote.id}`).set(user.auth);
    expect(res.body.data.startDate).toBe('2030-01-15T09:00:00.000Z');
  });

  it('when a slot is given, then it is used', async () => {
    const quote = await createQuote(t.app, user, client.id);
    const res = await request(t.app)
      .post(`/api/calendar/from-quote/${quote.id}`)
      .set(user.auth)
      .send({ startDate: '2030-08-01T13:00:00Z', endDate: '2030-08-01T14:00:00Z' });
    expect(res.body.data).toMatchObject({ startDate: '2030-08-01T13:00:00.000Z', endDate: '2030-08-01T14:00:00.000Z' });
  });

  it('when the slot ends before it starts, then 400', async () => {
    const quote = await createQuote(t.app, user, client.id);
    const res = await request(t.app)
      .post(`/api/calendar/from-quote/${quote.id}`)
      .set(user.auth)
      .send({ startDate: '2030-08-01T13:00:00Z', endDate: '2030-08-01T12:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('End date must be after start date');
  });

  it("when the quote is another user's, then 404 and no event", async () => {
    const other = await registerUser(t.app);
    const quote = await createQuote(t.app, user, client.id);
    const res = await request(t.app).post(`/api/calendar/from-quote/${quote.id}`).set(other.auth).send({});
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Quote not found');
    expect((await request(t.app).get('/api/calendar').set(other.auth)).body.data).toEqual([]);
  });
});
