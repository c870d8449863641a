/** Where and as whom Docket talks to HMRC (README, "Configuration"). */
export interface HmrcConfig {
  clientId: string;
  clientSecret: string;
  /** the API host: obligations, returns, and the token endpoint */
  apiBase: string;
  /** the host of HMRC's sign-in and "grant authority" pages */
  authBase: string;
  /** SECRETS_KEY: tokens are kept encrypted under it (lib/secrets.ts) */
  secretsKey: string;
}

export const HMRC_SCOPES = 'read:vat write:vat';
const ACCEPT = 'application/vnd.hmrc.1.0+json';

export interface HmrcTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

export interface HmrcAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** HMRC did not answer, or answered 5xx: nothing we asked for may be assumed done. */
export class HmrcUnavailable extends Error {}
/** HMRC refused our client or the grant (a bad or used code, an expired refresh token). */
export class HmrcGrantRefused extends Error {}

/** HMRC's OAuth 2.0 and VAT (MTD) endpoints over fetch; no retry here: the service decides. */
export function createHmrcClient(config: HmrcConfig, fetchImpl: typeof fetch = fetch) {
  const api = config.apiBase.replace(/\/$/, '');
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (cause) {
      throw new HmrcUnavailable('HMRC did not answer', { cause });
    }
  }
  async function token(form: Record<string, string>): Promise<HmrcTokens> {
    const res = await call(`${api}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...form }).toString(),
    });
    if (res.status >= 500) throw new HmrcUnavailable(`HMRC token endpoint answered ${res.status}`);
    if (!res.ok) throw new HmrcGrantRefused(`HMRC token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') throw new HmrcGrantRefused('HMRC token answer without tokens');
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresInSeconds: typeof body.expires_in === 'number' ? body.expires_in : 14_400,
    };
  }
  async function vat(method: 'GET' | 'POST', path: string, accessToken: string, headers: Record<string, string>, body?: unknown): Promise<HmrcAnswer> {
    const res = await call(`${api}${path}`, {
      method,
      headers: {
        ...headers,
        Accept: ACCEPT,
        Authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 500) throw new HmrcUnavailable(`HMRC answered ${res.status}`);
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  return {
    authoriseUrl(p: { state: string; codeChallenge: string; redirectUri: string }) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        scope: HMRC_SCOPES,
        state: p.state,
        redirect_uri: p.redirectUri,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${config.authBase.replace(/\/$/, '')}/oauth/authorize?${q.toString()}`;
    },
    exchangeCode: (code: string, codeVerifier: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    obligations: (vrn: string, q: Record<string, string>, accessToken: string, headers: Record<string, string>) =>
      vat('GET', `/organisations/vat/${encodeURIComponent(vrn)}/obligations?${new URLSearchParams(q).toString()}`, accessToken, headers),
    liabilities: (vrn: string, q: { from: string; to: string }, accessToken: string, headers: Record<string, string>) =>
      vat('GET', `/organisations/vat/${encodeURIComponent(vrn)}/liabilities?${new URLSearchParams(q).toString()}`, accessToken, headers),
    payments: (vrn: string, q: { from: string; to: string }, accessToken: string, headers: Record<string, string>) =>
      vat('GET', `/organisations/vat/${encodeURIComponent(vrn)}/payments?${new URLSearchParams(q).toString()}`, accessToken, headers),
    viewReturn: (vrn: string, periodKey: string, accessToken: string, headers: Record<string, string>) =>
      vat('GET', `/organisations/vat/${encodeURIComponent(vrn)}/returns/${encodeURIComponent(periodKey)}`, accessToken, headers),
    submitReturn: (vrn: string, body: unknown, accessToken: string, headers: Record<string, string>) =>
      vat('POST', `/organisations/vat/${encodeURIComponent(vrn)}/returns`, accessToken, headers, body),
  };
}
export type HmrcClient = ReturnType<typeof createHmrcClient>;
