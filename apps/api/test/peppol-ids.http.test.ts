import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { PEPPOL_MESSAGES } from '@docket/schemas/peppol';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from './test-app.ts';

/** Peppol participant ids on clients and the company (docs/data-transfer.md, "Electronic addresses"). */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { maxClients: -1 } });
  user = await registerUser(t.app);
});
afterAll(() => t.close());

const GLN = { scheme: '0088', value: '5790000435968' };
const post = (body: Record<string, unknown>) => request(t.app).post('/api/clients').set(user.auth).send(sampleClient(body));

describe('client Peppol ids', () => {
  it('when a client is saved with a Peppol id, then it answers it (one client and the list alike), an edit without it keeps it and null clears it', async () => {
    const created = await post({ peppolId: GLN });
    expect(created.status).toBe(201);
    expect(created.body.data.peppolId).toEqual(GLN);
    const list = await request(t.app).get('/api/clients').set(user.auth);
    expect(list.body.data.find((c: { id: string }) => c.id === created.body.data.id).peppolId).toEqual(GLN);
    const kept = await request(t.app)
      .put(`/api/clients/${created.body.data.id}`)
      .set(user.auth)
      .send(sampleClient({ name: 'Renamed' }));
    expect(kept.body.data.peppolId).toEqual(GLN);
    const cleared = await request(t.app)
      .put(`/api/clients/${created.body.data.id}`)
      .set(user.auth)
      .send(sampleClient({ peppolId: null }));
    expect(cleared.status).toBe(200);
    expect('peppolId' in cleared.body.data).toBe(false);
    const listed = await request(t.app).get('/api/clients?limit=50').set(user.auth);
    expect('peppolId' in listed.body.data.items.find((c: { id: string }) => c.id === created.body.data.id)).toBe(false);
  });

  it('when a UK VAT number is given under 9932, then it is kept in capitals', async () => {
    const res = await post({ peppolId: { scheme: '9932', value: 'gb999999973' } });
    expect(res.body.data.peppolId).toEqual({ scheme: '9932', value: 'GB999999973' });
  });

  it.each([
    ['a scheme outside the Peppol list (email)', { scheme: 'EM', value: 'a@b.example' }, PEPPOL_MESSAGES.scheme],
    ['a scheme as a number', { scheme: 88, value: '5790000435968' }, PEPPOL_MESSAGES.scheme],
    ['a GLN with a wrong check digit', { scheme: '0088', value: '5790000435969' }, PEPPOL_MESSAGES.checkDigits('0088')],
    ['a Norwegian organisation number failing mod 11', { scheme: '0192', value: '123456789' }, PEPPOL_MESSAGES.checkDigits('0192')],
    ['a 9932 id that is no UK VAT number', { scheme: '9932', value: 'FR12345678901' }, PEPPOL_MESSAGES.ukVat],
    ['a value with a space', { scheme: '0060', value: '12 34' }, PEPPOL_MESSAGES.value],
    ['an empty value', { scheme: '0060', value: '' }, PEPPOL_MESSAGES.value],
    ['a value longer than 50', { scheme: '0060', value: 'x'.repeat(51) }, PEPPOL_MESSAGES.value],
    ['an unknown key (strict body)', { ...GLN, label: 'main' }, null],
    ['a string instead of an object', '0088:5790000435968', PEPPOL_MESSAGES.shape],
  ])('when a client is sent with %s, then 400 with the message and nothing is stored', async (_what, peppolId, message) => {
    const before = (await request(t.app).get('/api/clients').set(user.auth)).body.data.length;
    const res = await post({ name: 'Refused Ltd', peppolId });
    expect(res.status).toBe(400);
    if (message) expect(res.body.error).toBe(message);
    expect(Object.keys(res.body.details ?? {}).some((k) => k.startsWith('peppolId'))).toBe(true);
    expect((await request(t.app).get('/api/clients').set(user.auth)).body.data.length).toBe(before);
  });
});

describe('company Peppol id', () => {
  it('when the company is saved with a Peppol id, then it answers it, a save without it keeps it, null clears it and a bad one is 400', async () => {
    const owner = await registerUser(t.app);
    const created = await request(t.app)
      .post('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ peppolId: { scheme: '0088', value: '5790000435951' } }));
    expect(created.status).toBe(201);
    expect(created.body.data.peppolId).toEqual({ scheme: '0088', value: '5790000435951' });
    const kept = await request(t.app)
      .put('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ name: 'Renamed Ltd' }));
    expect(kept.body.data.peppolId).toEqual({ scheme: '0088', value: '5790000435951' });
    const bad = await request(t.app)
      .put('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ peppolId: { scheme: '0088', value: '1' } }));
    expect([bad.status, bad.body.error]).toEqual([400, PEPPOL_MESSAGES.checkDigits('0088')]);
    expect((await request(t.app).get('/api/company').set(owner.auth)).body.data.peppolId).toEqual({ scheme: '0088', value: '5790000435951' });
    const cleared = await request(t.app)
      .put('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ peppolId: null }));
    expect('peppolId' in cleared.body.data).toBe(false);
  });
});
