import { describe, expect, it } from 'vitest';
import {
  MIX_KINDS,
  MIX_WEIGHTS,
  MIX_WRITE_KINDS,
  buildRequest,
  drawKind,
  drawnShares,
  kindStats,
  mulberry32,
  percentile,
  splitWeights,
  weightTable,
  type MixAccount,
  type MixKind,
} from './mix.ts';
import { topFunctions, type Profile } from './cpu-profile.ts';

const account: MixAccount = {
  token: 't',
  clientIds: ['c1', 'c2'],
  draftIds: ['d1'],
  issuedIds: ['i1', 'i2'],
  quoteIds: ['q1'],
  searchTerms: ['Leeds', 'INV-0001'],
  laterPages: ['/api/invoices?limit=50&cursor=abc'],
};

describe('drawing kinds by weight', () => {
  it('when r runs across [0, 1), then each kind covers exactly its share of the range', () => {
    const table = weightTable({ list: 1, search: 3 });
    expect(table.kinds).toEqual(['list', 'search']);
    expect(drawKind(table, 0)).toBe('list');
    expect(drawKind(table, 0.2499)).toBe('list');
    expect(drawKind(table, 0.25)).toBe('search');
    expect(drawKind(table, 0.9999)).toBe('search');
  });

  it('when a kind weighs 0 or is left out, then it is never drawn', () => {
    const table = weightTable({ list: 0, dashboard: 2, payment: 2 });
    const rand = mulberry32(7);
    const drawn = new Set(Array.from({ length: 2_000 }, () => drawKind(table, rand())));
    expect([...drawn].sort()).toEqual(['dashboard', 'payment']);
  });

  it('when 100,000 kinds are drawn from the mix, then each share is within half a point of its weight', () => {
    const table = weightTable(MIX_WEIGHTS);
    const rand = mulberry32(42);
    const counts: Partial<Record<MixKind, number>> = {};
    for (let i = 0; i < 100_000; i++) {
      const k = drawKind(table, rand());
      counts[k] = (counts[k] ?? 0) + 1;
    }
    const shares = drawnShares(counts);
    for (const kind of MIX_KINDS) expect(Math.abs(shares[kind]! - (100 * MIX_WEIGHTS[kind]) / table.total)).toBeLessThan(0.5);
  });

  it('when weights are all zero or negative, then the table refuses them', () => {
    expect(() => weightTable({})).toThrow(/at least one kind/);
    expect(() => weightTable({ list: -1 })).toThrow(/≥ 0/);
  });

  it('when the mix weights are read as percentages, then they sum to 100', () => {
    expect(weightTable(MIX_WEIGHTS).total).toBe(100);
  });
});

describe('the mix split into its reads and its writes', () => {
  it('when the weights are split, then every weighted kind is in exactly one part with its own weight', () => {
    const { reads, writes } = splitWeights(MIX_WEIGHTS);
    for (const kind of MIX_KINDS) {
      const inReads = reads[kind] !== undefined;
      const inWrites = writes[kind] !== undefined;
      expect(inReads !== inWrites).toBe(true);
      expect(reads[kind] ?? writes[kind]).toBe(MIX_WEIGHTS[kind]);
    }
    expect(Object.keys(writes).sort()).toEqual([...MIX_WRITE_KINDS].sort());
  });

  it('when a write kind is built, then it is a POST, and every read kind is a GET', () => {
    const { reads, writes } = splitWeights(MIX_WEIGHTS);
    const rand = mulberry32(3);
    for (const kind of Object.keys(writes) as MixKind[]) expect(buildRequest(kind, account, rand, 1).method).toBe('POST');
    for (const kind of Object.keys(reads) as MixKind[]) expect(buildRequest(kind, account, rand, 1).method).toBe('GET');
  });

  it('when a kind has no weight, then neither part names it', () => {
    const { reads, writes } = splitWeights({ list: 3, payment: 0, createClient: 2 });
    expect(reads).toEqual({ list: 3 });
    expect(writes).toEqual({ createClient: 2 });
  });
});

describe('building a request of each kind', () => {
  it('when every kind is built, then reads are GETs under /api and writes POST a JSON body the API accepts', () => {
    const rand = mulberry32(1);
    for (const kind of MIX_KINDS) {
      const r = buildRequest(kind, account, rand, 1);
      expect(r.kind).toBe(kind);
      expect(r.path.startsWith('/api/')).toBe(true);
      expect(r.token).toBe('t');
      if (['createInvoice', 'payment', 'createClient'].includes(kind)) {
        expect(r.method).toBe('POST');
        expect(() => JSON.parse(r.body!)).not.toThrow();
      } else expect(r.method).toBe('GET');
    }
  });

  it('when a payment is built, then it is a part payment of at most £0.50 on an issued (not draft) invoice', () => {
    const rand = mulberry32(3);
    for (let i = 0; i < 200; i++) {
      const r = buildRequest('payment', account, rand, i);
      expect(r.path).toMatch(/^\/api\/invoices\/i[12]\/payments$/);
      const body = JSON.parse(r.body!) as { amount: number };
      expect(body.amount).toBeGreaterThanOrEqual(0.01);
      expect(body.amount).toBeLessThanOrEqual(0.5);
      expect(Number(body.amount.toFixed(2))).toBe(body.amount);
    }
  });

  it('when previews are built, then an issued preview names an issued invoice and a draft preview a draft', () => {
    const rand = mulberry32(5);
    for (let i = 0; i < 50; i++) {
      expect(buildRequest('previewIssued', account, rand, i).path).toMatch(/^\/api\/invoices\/i[12]\/preview$/);
      expect(buildRequest('previewDraft', account, rand, i).path).toBe('/api/invoices/d1/preview');
    }
  });

  it('when new clients are built, then their emails never repeat', () => {
    const rand = mulberry32(9);
    const emails = Array.from({ length: 500 }, (_, i) => (JSON.parse(buildRequest('createClient', account, rand, i).body!) as { email: string }).email);
    expect(new Set(emails).size).toBe(500);
  });

  it('when an account has no issued invoice, then a payment falls back to a read instead of a certain 4xx', () => {
    const r = buildRequest('payment', { ...account, issuedIds: [] }, mulberry32(2), 1);
    expect(r.method).toBe('GET');
  });

  it('when a search word has spaces or symbols, then it is URL-encoded', () => {
    const r = buildRequest('search', { ...account, searchTerms: ['Tiling & Co'] }, () => 0, 1);
    expect(r.path).toContain('q=Tiling%20%26%20Co');
  });
});

describe('report maths', () => {
  it('when percentiles are taken, then they are nearest-rank on the sorted list', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('when a kind has answers outside 2xx, then they are counted by status', () => {
    const s = kindStats([3, 1, 2, 10], [200, 201, 404, 500]);
    expect(s).toMatchObject({ requests: 4, p50: 2, p99: 10, mean: 4, non2xx: 2, statusCodes: { 200: 1, 201: 1, 404: 1, 500: 1 } });
  });

  it('when shares are drawn, then they are percentages of all requests', () => {
    expect(drawnShares({ list: 3, search: 1 })).toEqual({ list: 75, search: 25 });
  });
});

describe('profile summary', () => {
  it('when a profile is summarised, then idle time and the profiler’s own dispatch are left out and shares are of busy time', () => {
    const profile: Profile = {
      nodes: [
        { id: 1, callFrame: { functionName: '(idle)', url: '', lineNumber: 0 } },
        { id: 2, callFrame: { functionName: 'render', url: '/x/apps/api/src/pdf/render.ts', lineNumber: 9 } },
        { id: 3, callFrame: { functionName: 'parse', url: '/x/node_modules/.pnpm/zod@4/node_modules/zod/index.js', lineNumber: 0 } },
        { id: 4, callFrame: { functionName: 'dispatch', url: '', lineNumber: -1 } },
      ],
      samples: [1, 2, 2, 3, 1, 4],
      timeDeltas: [500, 30, 30, 40, 500, 900],
    };
    expect(topFunctions(profile)).toEqual(['60.0% render apps/api/src/pdf/render.ts:10', '40.0% parse zod:1']);
  });
});
