import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { sendData } from '../src/lib/respond.ts';
import { ZQuote } from '@docket/schemas/document';
import { defineRoute } from '../src/http/route.ts';
import { checkAnswers } from './answer-schemas.ts';

const quote = {
  id: '6f1c3a52-3f0e-4a7b-9a57-1d2e3f405162',
  quoteNumber: 'Q-0001',
  status: 'DRAFT',
  clientId: '7f1c3a52-3f0e-4a7b-9a57-1d2e3f405162',
  client: { id: '7f1c3a52-3f0e-4a7b-9a57-1d2e3f405162', name: 'Ann' },
  lineItems: [{ description: 'Work', quantity: 1, unitPrice: 10 }],
  tax: 20,
  subtotal: 10,
  taxAmount: 2,
  total: 12,
  sentAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  invoice: null,
  siteAddress: null,
  invoicedAmount: 0,
  remainingAmount: 12,
  invoices: [],
};

function appAnswering(data: unknown) {
  const app = express();
  app.get('/api/quotes/:id', (_req, res) => sendData(res, data));
  // The one route this app serves, declared as the registry declares it (createApp keeps the whole registry here).
  app.locals.routes = [defineRoute({ method: 'get', path: '/quotes/:id', permission: 'field-read', response: ZQuote, handler: () => data })];
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ success: false, error: 'Internal server error' });
  });
  return checkAnswers(app);
}

describe('answer schemas in API tests', () => {
  it('when a quote answer matches ZQuote, then it goes out unchanged', async () => {
    const res = await request(appAnswering(quote)).get(`/api/quotes/${quote.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(quote);
  });

  it.each([
    ['gains a field', { ...quote, internalNote: 'x' }],
    ['loses a field', { ...quote, total: undefined }],
    ['changes a type', { ...quote, total: '12.00' }],
    ['has an unknown status', { ...quote, status: 'LOST' }],
  ])('when a quote answer %s, then the test sees a 500', async (_what, body) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await request(appAnswering(body)).get(`/api/quotes/${quote.id}`);
    expect(res.status).toBe(500);
    expect(quiet).toHaveBeenCalledWith(expect.stringContaining('does not match its schema'));
    quiet.mockRestore();
  });
});
