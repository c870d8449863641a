import { createHmac, randomUUID } from 'node:crypto';

/**
 * Direct calls to the running API, for the set-up a journey is not about (a client to quote for,
 * an approved quote to follow up). What a journey tests always goes through the screens.
 */
export class ApiClient {
  constructor(
    readonly baseURL: string,
    readonly token: string,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseURL}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as { data?: T; error?: string }) : {};
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${parsed.error ?? text}`);
    return parsed.data as T;
  }

  createClient(name: string, email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`) {
    return this.call<{ id: string; name: string }>('POST', '/clients', { name, email });
  }

  createItem(name: string, description: string, price: number) {
    return this.call<{ id: string }>('POST', '/items', { name, description, price });
  }

  createCompany(name = 'Acme Plumbing Ltd', email = 'office@acme-plumbing.example') {
    return this.call<unknown>('POST', '/company', { name, email, quoteNumberPrefix: 'Q', invoiceNumberPrefix: 'INV' });
  }

  createQuote(clientId: string, lineItems: { description: string; quantity: number; unitPrice: number }[], tax = 20) {
    return this.call<{ id: string; quoteNumber: string; total: number }>('POST', '/quotes', { clientId, lineItems, tax });
  }

  createInvoice(clientId: string, lineItems: { description: string; quantity: number; unitPrice: number }[], tax = 20) {
    return this.call<{ id: string; invoiceNumber: string; total: number }>('POST', '/invoices', { clientId, lineItems, tax });
  }

  invoiceAction(id: string, action: 'send' | 'pay') {
    return this.call<unknown>('PATCH', `/invoices/${id}/${action}`);
  }

  quoteAction(id: string, action: 'send' | 'approve' | 'decline' | 'revert') {
    return this.call<unknown>('PATCH', `/quotes/${id}/${action}`);
  }
}

export interface NewUser {
  id: string;
  email: string;
  password: string;
  token: string;
  api: ApiClient;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A fresh account per journey keeps journeys independent of each other and of order. */
export async function registerUser(baseURL: string, prefix = 'e2e', options: { verify?: boolean } = {}): Promise<NewUser> {
  const email = uniqueEmail(prefix);
  const password = 'correct-horse-42';
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  const body = (await res.json()) as { data?: { token: string; user: { id: string } }; error?: string };
  if (!res.ok || !body.data) throw new Error(`register failed: ${res.status} ${body.error ?? ''}`);
  const { token, user } = body.data;
  // With a mail server the link goes there instead of the outbox: such journeys pass verify: false.
  if (options.verify !== false) await verifyFromOutbox(baseURL, token);
  return { id: user.id, email, password, token, api: new ApiClient(baseURL, token) };
}

/**
 * Opens the verification link the sign-up put in the account's outbox (journeys run without a
 * mail server), as the user would from their inbox: only then may the account email clients.
 */
export async function verifyFromOutbox(baseURL: string, token: string): Promise<void> {
  const outbox = await fetch(`${baseURL}/api/email/outbox`, { headers: { authorization: `Bearer ${token}` } });
  const answer = (await outbox.json()) as { data?: { kind: string; textBody: string }[] };
  const messages = answer.data ?? [];
  const link = /verify-email\?token=([\w.%-]+)/.exec(messages.find((m) => m.kind === 'verification')?.textBody ?? '');
  if (!link) throw new Error(`no verification link in the outbox (${outbox.status}: ${JSON.stringify(answer).slice(0, 500)})`);
  const res = await fetch(`${baseURL}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: decodeURIComponent(link[1]!) }),
  });
  if (!res.ok) throw new Error(`verify failed: ${res.status}`);
}

/** An HS256 token for a real user that expired a minute ago (what a week-old tab holds). */
export function expiredToken(userId: string, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: userId, iat: now - 3600, exp: now - 60 })}`;
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}
