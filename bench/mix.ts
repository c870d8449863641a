/**
 * The realistic mix (issue 38): what a server sees on a real day, many businesses at once, each
 * reading lists with filters, searches and later pages, opening documents and PDFs, and writing in
 * between. Pure logic only (weights, drawing, request building, percentiles): the load client
 * (mix-client.ts) and the report use it, and mix.test.ts checks it.
 */

export const MIX_KINDS = [
  'list',
  'listFiltered',
  'search',
  'laterPage',
  'quotes',
  'clients',
  'dashboard',
  'invoice',
  'quote',
  'previewIssued',
  'previewDraft',
  'createInvoice',
  'payment',
  'createClient',
] as const;
export type MixKind = (typeof MIX_KINDS)[number];

/**
 * Relative weights, summing to 100 so each reads as a percentage. Reads dominate (≈ 80%), as
 * in a day of an invoicing app: people look far more than they write; PDFs are a small but
 * costly share; writes (≈ 14%) are enough to keep invalidating whatever a cache holds.
 */
export const MIX_WEIGHTS: Record<MixKind, number> = {
  list: 12,
  listFiltered: 10,
  search: 8,
  laterPage: 6,
  quotes: 5,
  clients: 5,
  dashboard: 8,
  invoice: 14,
  quote: 4,
  previewIssued: 6,
  previewDraft: 3,
  createInvoice: 8,
  payment: 6,
  createClient: 5,
};

/** The kinds that write: each changes what the reads after it find (versions, kept answers, figures). */
export const MIX_WRITE_KINDS: readonly MixKind[] = ['createInvoice', 'payment', 'createClient'];

/**
 * The mix's weights in two parts, each kind keeping its weight: its reads and its writes, run
 * apart by `--mix-split` to show what each costs (bench/results.md, twenty-third session).
 */
export function splitWeights(weights: Partial<Record<MixKind, number>>): { reads: Partial<Record<MixKind, number>>; writes: Partial<Record<MixKind, number>> } {
  const reads: Partial<Record<MixKind, number>> = {};
  const writes: Partial<Record<MixKind, number>> = {};
  for (const kind of MIX_KINDS) {
    const w = weights[kind];
    if (!w) continue;
    (MIX_WRITE_KINDS.includes(kind) ? writes : reads)[kind] = w;
  }
  return { reads, writes };
}

/** What each kind requests, for bench/results.md. */
export const MIX_DESCRIPTIONS: Record<MixKind, string> = {
  list: 'GET /api/invoices?limit=50, first page, with one of four orders (date, number, client, total; asc or desc)',
  listFiltered: 'GET /api/invoices?limit=50 filtered by status (DRAFT, SENT, PAID, OVERDUE) or by client',
  search: 'GET /api/invoices|quotes|clients?limit=50&q= a client-name word, a town or an invoice number',
  laterPage: 'GET /api/invoices?limit=50&cursor= pages 2 to 4 (cursors taken after seeding)',
  quotes: 'GET /api/quotes?limit=50, first page or a status filter',
  clients: 'GET /api/clients?limit=50',
  dashboard: 'GET /api/dashboard',
  invoice: "GET /api/invoices/{id}, any of the account's invoices",
  quote: 'GET /api/quotes/{id}',
  previewIssued: 'GET /api/invoices/{id}/preview of an issued invoice (rendered and kept by the job its send queued; again after a payment)',
  previewDraft: 'GET /api/invoices/{id}/preview of a draft (rendered every time)',
  createInvoice: "POST /api/invoices: 1 to 5 lines for one of the account's clients",
  payment: 'POST /api/invoices/{id}/payments: a part payment of £0.01 to £0.50 on an issued invoice',
  createClient: 'POST /api/clients: a new client with a unique email',
};

export interface WeightTable {
  kinds: MixKind[];
  /** running totals: cumulative[i] = weight of kinds[0..i] */
  cumulative: number[];
  total: number;
}

/** Kinds with a positive weight, in MIX_KINDS order, with running totals for drawing. */
export function weightTable(weights: Partial<Record<MixKind, number>>): WeightTable {
  const kinds: MixKind[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const kind of MIX_KINDS) {
    const w = weights[kind] ?? 0;
    if (!(w >= 0) || !Number.isFinite(w)) throw new Error(`weight of ${kind} must be a finite number ≥ 0, got ${w}`);
    if (w === 0) continue;
    total += w;
    kinds.push(kind);
    cumulative.push(total);
  }
  if (total === 0) throw new Error('a mix needs at least one kind with a positive weight');
  return { kinds, cumulative, total };
}

/** The kind a uniform number r in [0, 1) falls on: kind i covers [cumulative[i-1], cumulative[i]) of the total. */
export function drawKind(table: WeightTable, r: number): MixKind {
  const x = r * table.total;
  // binary search for the first running total above x
  let lo = 0;
  let hi = table.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table.cumulative[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return table.kinds[lo]!;
}

/** A seedable uniform generator (mulberry32), so a mix can be replayed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One business in the mix: what its requests can name. */
export interface MixAccount {
  token: string;
  clientIds: string[];
  draftIds: string[];
  issuedIds: string[];
  quoteIds: string[];
  /** words that find something: client-name words, towns, invoice numbers */
  searchTerms: string[];
  /** paths of later pages (with their cursors) */
  laterPages: string[];
}

export interface MixRequest {
  kind: MixKind;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  token: string;
}

const INVOICE_FILTERS = ['DRAFT', 'SENT', 'PAID', 'OVERDUE'] as const;
const QUOTE_FILTERS = ['DRAFT', 'SENT', 'APPROVED'] as const;
const SORTS = ['', '&sort=number', '&sort=client&order=asc', '&sort=total'] as const;
const WORK = ['Labour', 'Materials: sundries', 'Boiler service', 'Radiator supply and fit', 'Call-out', 'Tiling (per m²)'];

/**
 * The request of one kind for one account, every choice drawn from `rand`. Kinds an account
 * cannot serve (a payment with no issued invoice) fall back to reading its invoice list.
 */
export function buildRequest(kind: MixKind, account: MixAccount, rand: () => number, serial: number): MixRequest {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const get = (path: string): MixRequest => ({ kind, method: 'GET', path, token: account.token });
  const post = (path: string, body: unknown): MixRequest => ({ kind, method: 'POST', path, body: JSON.stringify(body), token: account.token });
  const documents = [...account.draftIds, ...account.issuedIds];
  switch (kind) {
    case 'list':
      return get(`/api/invoices?limit=50${pick(SORTS)}`);
    case 'listFiltered':
      return rand() < 0.7 || !account.clientIds.length
        ? get(`/api/invoices?limit=50&status=${pick(INVOICE_FILTERS)}`)
        : get(`/api/invoices?limit=50&clientId=${pick(account.clientIds)}`);
    case 'search': {
      const q = encodeURIComponent(pick(account.searchTerms.length ? account.searchTerms : ['Ltd']));
      return get(`/api/${pick(['invoices', 'invoices', 'quotes', 'clients'] as const)}?limit=50&q=${q}`);
    }
    case 'laterPage':
      return account.laterPages.length ? get(pick(account.laterPages)) : get('/api/invoices?limit=50');
    case 'quotes':
      return get(rand() < 0.5 ? '/api/quotes?limit=50' : `/api/quotes?limit=50&status=${pick(QUOTE_FILTERS)}`);
    case 'clients':
      return get('/api/clients?limit=50');
    case 'dashboard':
      return get('/api/dashboard');
    case 'invoice':
      return documents.length ? get(`/api/invoices/${pick(documents)}`) : get('/api/invoices?limit=50');
    case 'quote':
      return account.quoteIds.length ? get(`/api/quotes/${pick(account.quoteIds)}`) : get('/api/quotes?limit=50');
    case 'previewIssued':
      return account.issuedIds.length ? get(`/api/invoices/${pick(account.issuedIds)}/preview`) : get('/api/invoices?limit=50');
    case 'previewDraft':
      return account.draftIds.length ? get(`/api/invoices/${pick(account.draftIds)}/preview`) : get('/api/invoices?limit=50');
    case 'createInvoice': {
      if (!account.clientIds.length) return get('/api/invoices?limit=50');
      const lines = 1 + Math.floor(rand() * 5);
      return post('/api/invoices', {
        clientId: pick(account.clientIds),
        tax: rand() < 0.85 ? 20 : 0,
        lineItems: Array.from({ length: lines }, () => ({
          description: pick(WORK),
          quantity: pick([1, 1, 2, 1.5, 0.25, 8]),
          unitPrice: 50 + Math.floor(rand() * 850),
        })),
      });
    }
    case 'payment':
      if (!account.issuedIds.length) return get('/api/invoices?limit=50');
      // pennies against invoices of £50 and more: the balance never runs out within a run
      return post(`/api/invoices/${pick(account.issuedIds)}/payments`, {
        amount: (1 + Math.floor(rand() * 50)) / 100,
        method: pick(['BANK_TRANSFER', 'CARD', 'CASH'] as const),
      });
    case 'createClient':
      return post('/api/clients', {
        name: `Mix client ${serial.toString(36)} ${Math.floor(rand() * 1e9).toString(36)}`,
        email: `mix-${serial.toString(36)}-${Math.floor(rand() * 1e9).toString(36)}@client.example`,
      });
  }
}

/** Nearest-rank percentile of an ascending list (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface KindStats {
  requests: number;
  p50: number;
  p99: number;
  mean: number;
  /** answers outside 2xx */
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** Latencies (ms) and status codes of one kind (or of all) as the report shows them. */
export function kindStats(latencies: readonly number[], statuses: readonly number[]): KindStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const statusCodes: Record<string, number> = {};
  let non2xx = 0;
  for (const s of statuses) {
    statusCodes[s] = (statusCodes[s] ?? 0) + 1;
    if (s < 200 || s > 299) non2xx++;
  }
  return {
    requests: latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : Number.NaN,
    non2xx,
    statusCodes,
  };
}

/** Each kind's share of the requests actually drawn, against its weight's share (percent). */
export function drawnShares(counts: Partial<Record<MixKind, number>>): Partial<Record<MixKind, number>> {
  const total = Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);
  const out: Partial<Record<MixKind, number>> = {};
  for (const [k, v] of Object.entries(counts)) out[k as MixKind] = total ? (100 * (v ?? 0)) / total : 0;
  return out;
}
