/**
 * The client's page talks to /api/public with plain fetch: no session, no bearer token, none of
 * the signed-in app's client code. Failures carry the server's message and status.
 */
export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PublicApiError';
  }
}

const FALLBACK = 'Something went wrong. Please try again.';

export async function publicRequest<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/public${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new PublicApiError('Could not reach the server. Check your connection and try again.', 0);
  }
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: string } | null;
  if (!res.ok || !json?.success) throw new PublicApiError(json?.error ?? FALLBACK, res.status);
  return json.data as T;
}
