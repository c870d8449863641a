import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { TEMPLATES, LOGO_STORED_MAX_HEIGHT, LOGO_STORED_MAX_WIDTH } from '@docket/schemas/constants';
import { companies } from '../../src/db/schema.ts';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../test-app.ts';
import { listen, type Method, type RawResponse } from './support.ts';
import { hostileImages, type HostileImage } from './hostile-images.ts';

/**
 * Finding 1 and 2 of the red-team pass: a logo whose bytes break a decoder must never take the
 * server down. Each hostile image is uploaded (refused, or stored normalised) and also written
 * straight into the row as a logo stored before uploads were normalised; after each, a quote and
 * an invoice preview in every template answer that request alone and /api/health still answers.
 */
let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let user: TestUser;
let quoteId: string;
let invoiceId: string;
const corpus: HostileImage[] = await hostileImages();
const cases = corpus.map((image) => [image.label, image] as const);

const send = (method: Method, path: string, body?: unknown) =>
  http.send(method, `/api${path}`, { ...user.auth, 'content-type': 'application/json' }, body === undefined ? undefined : JSON.stringify(body));

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  user = await registerUser(t.app);
  expect((await send('post', '/company', sampleCompany())).status).toBe(201);
  const client = (await send('post', '/clients', sampleClient())).body as { data: { id: string } };
  const line = { description: 'Labour', quantity: 1, unitPrice: 40 };
  quoteId = ((await send('post', '/quotes', { clientId: client.data.id, lineItems: [line], tax: 20 })).body as { data: { id: string } }).data.id;
  invoiceId = (
    (await send('post', '/invoices', { clientId: client.data.id, lineItems: [line], tax: 20, dueDate: '2030-01-31' })).body as {
      data: { id: string };
    }
  ).data.id;
});
afterAll(async () => {
  await http?.close();
  await t?.close();
});

function expectAnswered(res: RawResponse, what: string) {
  if (res.status === 200) {
    expect(res.headers['content-type'], what).toBe('application/pdf');
    expect(res.text.startsWith('%PDF-'), what).toBe(true);
  } else {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-type'] ?? '', what).toMatch(/^application\/json/);
    expect((res.body as { success?: boolean }).success, what).toBe(false);
  }
}

async function previewEveryTemplate(label: string) {
  for (const template of TEMPLATES) {
    await t.ctx.db.update(companies).set({ template }).where(eq(companies.userId, user.id));
    for (const path of [`/quotes/${quoteId}/preview`, `/invoices/${invoiceId}/preview`]) {
      const res = await send('get', path);
      expectAnswered(res, `${label} / ${template} ${path} -> ${res.status} ${res.text.slice(0, 120)}`);
      // Every stored logo is normalised before it reaches a PDF, so nothing should fail here.
      expect(res.status, `${label} / ${template} ${path}`).toBe(200);
    }
    const health = await http.send('get', '/api/health');
    expect(health.status, `${label}: health after ${template}`).toBe(200);
  }
}

describe('hostile logo corpus', () => {
  it('has every kind of case the red-team listed', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20);
  });

  it.each(cases)('when %s is uploaded, then it is refused or stored normalised, and previews answer', async (_label, image) => {
    await send('delete', '/company/logo');
    const upload = await send('post', '/company/logo', { logo: `data:image/png;base64,${image.bytes.toString('base64')}` });
    expect([200, 400, 413], `${image.label}: ${upload.status} ${upload.text.slice(0, 200)}`).toContain(upload.status);
    const stored = (await t.ctx.db.select().from(companies).where(eq(companies.userId, user.id)))[0]!;
    if (upload.status === 200) {
      expect(stored.logoNormalised, image.label).toBe(true);
      const meta = await sharp(stored.logo!).metadata();
      expect(['png', 'jpeg'], image.label).toContain(meta.format);
      expect(meta.width!, image.label).toBeLessThanOrEqual(LOGO_STORED_MAX_WIDTH);
      expect(meta.height!, image.label).toBeLessThanOrEqual(LOGO_STORED_MAX_HEIGHT);
      expect(stored.logo!.includes('<script>'), image.label).toBe(false);
      expect(stored.logo!.includes('PK\x03\x04'), image.label).toBe(false);
    } else {
      expect((upload.body as { error: string }).error, image.label).toMatch(/^Logo must /);
      expect(stored.logo, image.label).toBeNull();
    }
    await previewEveryTemplate(image.label);
  });

  it.each(cases)('when %s was stored before uploads were normalised, then previews answer and the logo is healed', async (_label, image) => {
    await t.ctx.db.update(companies).set({ logo: image.bytes, logoMimeType: 'image/png', logoNormalised: false }).where(eq(companies.userId, user.id));
    await previewEveryTemplate(`stored ${image.label}`);
    const stored = (await t.ctx.db.select().from(companies).where(eq(companies.userId, user.id)))[0]!;
    if (stored.logo) {
      expect(stored.logoNormalised).toBe(true);
      expect(['png', 'jpeg']).toContain((await sharp(stored.logo).metadata()).format);
    }
  });
});
