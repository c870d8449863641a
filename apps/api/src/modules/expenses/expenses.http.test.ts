import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import PDFDocument from 'pdfkit';
import { createTestApp, joinAccount, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { makeJpeg, makePng } from '../../../test/image-fixtures.ts';
import { hostileImages } from '../../../test/adversarial/hostile-images.ts';

let t: TestApp;
let u: TestUser;
let other: TestUser;

const screwfix = { date: '2031-01-15', supplier: 'Screwfix', description: '15 mm copper', category: 'COST_OF_GOODS', net: 100, vat: 'STANDARD' };
const post = (who: TestUser, body: unknown) =>
  request(t.app)
    .post('/api/expenses')
    .set(who.auth)
    .send(body as object);

async function makePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.text('Receipt: Screwfix £120.00');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  other = await registerUser(t.app);
  await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
});
afterAll(() => t.close());

describe('POST /api/expenses', () => {
  it('when VAT amount is left out, then it is net x rate half-up and the total adds it', async () => {
    const res = await post(u, { ...screwfix, net: 10.03 });
    expect(res.status).toBe(201);
    // 10.03 x 20% = 2.006 -> 2.01 half-up
    expect(res.body.data).toMatchObject({
      supplier: 'Screwfix',
      category: 'COST_OF_GOODS',
      allowable: true,
      net: 10.03,
      vat: 'STANDARD',
      vatAmount: 2.01,
      total: 12.04,
      paidFrom: null,
      clientId: null,
      receipt: null,
    });
  });

  it('when the receipt shows a different VAT amount, then the given amount is kept', async () => {
    const res = await post(u, { ...screwfix, net: 10.03, vatAmount: 2 });
    expect(res.body.data).toMatchObject({ vatAmount: 2, total: 12.03 });
  });

  it('when the purchase is reverse charge, then the VAT is recorded but the total paid is the net', async () => {
    const res = await post(u, { ...screwfix, supplier: 'Sub-contractor Ltd', vat: 'RC_STANDARD', net: 500 });
    expect(res.body.data).toMatchObject({ vat: 'RC_STANDARD', vatAmount: 100, total: 500 });
  });

  it('when the supplier is not VAT registered, then NONE reclaims nothing and a VAT amount is refused', async () => {
    expect((await post(u, { ...screwfix, vat: 'NONE', net: 40 })).body.data).toMatchObject({ vatAmount: 0, total: 40 });
    const bad = await post(u, { ...screwfix, vat: 'NONE', net: 40, vatAmount: 8 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ vatAmount: 'VAT amount must be 0 when the expense has no VAT to reclaim' });
  });

  it('when a body has an unknown key, a bad category, a bad date or a negative net, then 400 names the field and nothing is stored', async () => {
    const before = (await request(t.app).get('/api/expenses').set(u.auth)).body.data.length;
    for (const [body, field] of [
      [{ ...screwfix, extra: 1 }, null],
      [{ ...screwfix, category: 'BEER' }, 'category'],
      [{ ...screwfix, date: '2031-02-30' }, 'date'],
      [{ ...screwfix, net: -1 }, 'net'],
      [{ ...screwfix, net: 1.005 }, 'net'],
      [{ ...screwfix, vat: 'HALF' }, 'vat'],
      [{ ...screwfix, supplier: '  ' }, 'supplier'],
      [{ ...screwfix, paidFrom: 'WALLET' }, 'paidFrom'],
    ] as const) {
      const res = await post(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.body.details ?? {})).toContain(field);
    }
    expect((await request(t.app).get('/api/expenses').set(u.auth)).body.data.length).toBe(before);
  });

  it("when the client is another account's, then 404 and nothing is stored", async () => {
    const theirs = await request(t.app).post('/api/clients').set(other.auth).send(sampleClient());
    const res = await post(u, { ...screwfix, clientId: theirs.body.data.id });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/expenses', () => {
  it('when filtered by dates, category and text, then only matching expenses come back, paged', async () => {
    const a = await post(u, { ...screwfix, date: '2032-03-01', supplier: 'Toolstation', category: 'REPAIRS' });
    await post(u, { ...screwfix, date: '2032-03-02', supplier: 'Shell', category: 'CAR_VAN_TRAVEL' });
    await post(u, { ...screwfix, date: '2032-04-01', supplier: 'Toolstation', category: 'REPAIRS' });
    const march = await request(t.app).get('/api/expenses?from=2032-03-01&to=2032-03-31').set(u.auth);
    expect(march.body.data.map((e: { supplier: string }) => e.supplier).sort()).toEqual(['Shell', 'Toolstation']);
    const repairs = await request(t.app).get('/api/expenses?from=2032-01-01&category=REPAIRS&q=tool&limit=1').set(u.auth);
    expect(repairs.body.data.items).toHaveLength(1);
    expect(repairs.body.data.nextCursor).not.toBeNull();
    const next = await request(t.app).get(`/api/expenses?from=2032-01-01&category=REPAIRS&q=tool&limit=1&cursor=${repairs.body.data.nextCursor}`).set(u.auth);
    expect(next.body.data.items).toHaveLength(1);
    expect(next.body.data.nextCursor).toBeNull();
    expect([repairs.body.data.items[0].id, next.body.data.items[0].id]).toContain(a.body.data.id);
    expect((await request(t.app).get('/api/expenses?from=2032-05-01&to=2032-04-01').set(u.auth)).status).toBe(400);
    expect((await request(t.app).get('/api/expenses?category=BEER').set(u.auth)).status).toBe(400);
  });

  it('when another account asks for an expense, then 404 for get, put, delete and the receipt, and nothing changes', async () => {
    const mine = (await post(u, screwfix)).body.data;
    expect((await request(t.app).get(`/api/expenses/${mine.id}`).set(other.auth)).status).toBe(404);
    expect(
      (
        await request(t.app)
          .put(`/api/expenses/${mine.id}`)
          .set(other.auth)
          .send({ ...screwfix, net: 1 })
      ).status,
    ).toBe(404);
    expect((await request(t.app).delete(`/api/expenses/${mine.id}`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).put(`/api/expenses/${mine.id}/receipt`).set(other.auth).set('content-type', 'image/png').send(makePng())).status).toBe(404);
    expect((await request(t.app).get(`/api/expenses/${mine.id}/receipt`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).get('/api/expenses').set(other.auth)).body.data).toEqual([]);
    expect((await request(t.app).get(`/api/expenses/${mine.id}`).set(u.auth)).body.data).toEqual(mine);
  });
});

describe('PUT and DELETE /api/expenses/{id}', () => {
  it('when an expense is changed and then deleted, then the change reads back and then it is gone', async () => {
    const e = (await post(u, screwfix)).body.data;
    const put = await request(t.app)
      .put(`/api/expenses/${e.id}`)
      .set(u.auth)
      .send({ ...screwfix, net: 50, vat: 'REDUCED', paidFrom: 'CARD' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ net: 50, vat: 'REDUCED', vatAmount: 2.5, total: 52.5, paidFrom: 'CARD' });
    expect((await request(t.app).delete(`/api/expenses/${e.id}`).set(u.auth)).body.data).toEqual({ id: e.id });
    expect((await request(t.app).get(`/api/expenses/${e.id}`).set(u.auth)).status).toBe(404);
  });
});

describe('receipts', () => {
  it('when a phone photo with location metadata is attached, then it is re-encoded without metadata and reads back as JPEG', async () => {
    const e = (await post(u, screwfix)).body.data;
    const photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#eeeeee' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' } } })
      .toBuffer();
    const put = await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(u.auth).set('content-type', 'image/jpeg').send(photo);
    expect(put.status).toBe(200);
    expect(put.body.data.receipt.mimeType).toBe('image/jpeg');
    const got = await request(t.app)
      .get(`/api/expenses/${e.id}/receipt`)
      .set(u.auth)
      .buffer(true)
      .parse((res, cb) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => cb(null, Buffer.concat(parts)));
      });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(got.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(2400);
    expect(put.body.data.receipt.bytes).toBe((got.body as Buffer).length);
  });

  it('when a PDF receipt is attached, then it is kept; when bytes only pretend to be a PDF, then 400 and the old receipt stays', async () => {
    const e = (await post(u, screwfix)).body.data;
    const pdf = await makePdf();
    expect((await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(u.auth).set('content-type', 'application/pdf').send(pdf)).body.data.receipt).toEqual({
      mimeType: 'application/pdf',
      bytes: pdf.length,
    });
    const fake = Buffer.from('%PDF-1.7\nthis is not a pdf at all\n%%EOF');
    const bad = await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(u.auth).set('content-type', 'application/pdf').send(fake);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Receipt is not a readable PDF');
    expect((await request(t.app).get(`/api/expenses/${e.id}`).set(u.auth)).body.data.receipt).toEqual({ mimeType: 'application/pdf', bytes: pdf.length });
  });

  it('when the body is another type, empty, or over 10 MB, then it is refused and nothing is stored', async () => {
    const e = (await post(u, screwfix)).body.data;
    const gif = await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(u.auth).set('content-type', 'image/gif').send(Buffer.from('GIF89a'));
    expect(gif.status).toBe(400);
    const svg = await request(t.app)
      .put(`/api/expenses/${e.id}/receipt`)
      .set(u.auth)
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.status).toBe(400);
    const big = await request(t.app)
      .put(`/api/expenses/${e.id}/receipt`)
      .set(u.auth)
      .set('content-type', 'image/jpeg')
      .send(Buffer.concat([makeJpeg(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('Receipt must be 10 MB or smaller');
    expect((await request(t.app).get(`/api/expenses/${e.id}`).set(u.auth)).body.data.receipt).toBeNull();
    expect((await request(t.app).get(`/api/expenses/${e.id}/receipt`).set(u.auth)).status).toBe(404);
  });

  it('when each hostile image of the corpus is attached, then it is refused or stored re-encoded, and the server still answers', async () => {
    const e = (await post(u, screwfix)).body.data;
    for (const image of await hostileImages()) {
      const res = await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(u.auth).set('content-type', 'application/octet-stream').send(image.bytes);
      expect([200, 400, 413], image.label).toContain(res.status);
      if (res.status === 200) {
        const meta = await sharp((await request(t.app).get(`/api/expenses/${e.id}/receipt`).set(u.auth).responseType('blob')).body as Buffer).metadata();
        expect(['jpeg', 'png'], image.label).toContain(meta.format);
      }
    }
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });

  it('when the receipt is removed, then the expense has none', async () => {
    const e = (await post(u, screwfix)).body.data;
    await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(u.auth).set('content-type', 'image/png').send(makePng());
    expect((await request(t.app).delete(`/api/expenses/${e.id}/receipt`).set(u.auth)).body.data.receipt).toBeNull();
    expect((await request(t.app).delete(`/api/expenses/${e.id}/receipt`).set(u.auth)).status).toBe(404);
  });
});

describe('roles', () => {
  it('when an engineer asks, then 403; when an accountant reads, then yes, and when they write, then 403', async () => {
    const engineer = await joinAccount(t.app, u, 'ENGINEER');
    const accountant = await joinAccount(t.app, u, 'ACCOUNTANT');
    const e = (await post(u, screwfix)).body.data;
    expect((await request(t.app).get('/api/expenses').set(engineer.auth)).status).toBe(403);
    expect((await request(t.app).get(`/api/expenses/${e.id}`).set(engineer.auth)).status).toBe(403);
    expect((await post(engineer, screwfix)).status).toBe(403);
    expect((await request(t.app).get(`/api/expenses/${e.id}`).set(accountant.auth)).status).toBe(200);
    expect((await post(accountant, screwfix)).status).toBe(403);
    expect((await request(t.app).put(`/api/expenses/${e.id}/receipt`).set(accountant.auth).set('content-type', 'image/png').send(makePng())).status).toBe(403);
    expect((await request(t.app).get(`/api/expenses/${e.id}`).set(u.auth)).body.data.receipt).toBeNull();
  });
});
