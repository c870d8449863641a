import express, { Router, type RequestHandler } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineRoute, firstSegment, mountRoutes, raw, type Route } from './route.ts';

const requireUser: RequestHandler = (_req, _res, next) => next();
const text = (body: string) => ({ raw: 'text/plain', handler: ({ res }: { res: express.Response }) => void res.type('text/plain').send(body) });
const route = (method: Route['method'], path: string, body: string): Route =>
  defineRoute({ method, path, auth: 'public', response: raw('text/plain'), handler: text(body).handler });

function appWith(routes: Route[]) {
  const api = Router();
  mountRoutes(api, routes, { requireUser });
  // what the API puts after its routes: anything they leave is a 404
  api.use((_req, res) => void res.status(404).send('none'));
  const app = express();
  app.use('/api', api);
  return { app, api };
}

describe('mountRoutes', () => {
  const routes = [
    route('get', '/invoices/new-numbers', 'literal before parameter'),
    route('get', '/invoices/:id', 'one invoice'),
    route('post', '/invoices', 'created'),
    route('get', '/clients/:id', 'one client'),
    defineRoute({
      method: 'get',
      path: '/items/:id',
      auth: 'public',
      request: { params: z.object({ id: z.string() }).strict() },
      response: raw('text/plain'),
      handler: ({ params, res }) => void res.type('text/plain').send(`item ${params.id}`),
    }),
  ];

  it("when routes are mounted, then the router holds one layer that sends each request to its first segment's routes", async () => {
    const { app, api } = appWith(routes);
    // one dispatcher and the 404 after it, not one layer per route
    expect(api.stack).toHaveLength(2);
    expect((await request(app).get('/api/invoices/42')).text).toBe('one invoice');
    expect((await request(app).get('/api/clients/7')).text).toBe('one client');
    expect((await request(app).post('/api/invoices')).status).toBe(200);
    expect((await request(app).get('/api/items/a%20b')).text).toBe('item a b');
  });

  it('when two routes of a group match, then the one declared first answers, as Express would', async () => {
    const { app } = appWith(routes);
    expect((await request(app).get('/api/invoices/new-numbers')).text).toBe('literal before parameter');
  });

  it('when a path differs in case or has a trailing slash, then it still matches, as Express matches', async () => {
    const { app } = appWith(routes);
    expect((await request(app).get('/api/Invoices/42/')).text).toBe('one invoice');
    expect((await request(app).head('/api/invoices/42')).status).toBe(200);
  });

  it('when nothing matches (an unknown group, a wrong method, OPTIONS), then the request goes on to what follows', async () => {
    const { app } = appWith(routes);
    for (const r of [
      request(app).get('/api/nowhere'),
      request(app).delete('/api/invoices/42'),
      request(app).options('/api/invoices/42'),
      request(app).get('/api'),
    ]) {
      const res = await r;
      expect(res.status).toBe(404);
      expect(res.text).toBe('none');
    }
  });

  it('when a path starts with a parameter, then the routes are mounted one by one in order', async () => {
    const { app, api } = appWith([route('get', '/:kind/count', 'count'), route('get', '/clients/:id', 'one client')]);
    expect(api.stack).toHaveLength(3);
    expect((await request(app).get('/api/quotes/count')).text).toBe('count');
  });

  it('firstSegment', () => {
    expect(firstSegment('/Invoices/1')).toBe('invoices');
    expect(firstSegment('/dashboard')).toBe('dashboard');
    expect(firstSegment('/')).toBe('');
  });
});
