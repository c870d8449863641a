import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * HMRC's fraud prevention headers for the WEB_APP_VIA_SERVER connection method: the one place
 * they are built. The web app gathers the browser's values (features/vat/fraud-prevention.ts) and
 * sends them to our API under HMRC's own header names; the server adds what only it knows (the
 * browser's public address as it reached us, our own address, versions, the user and licence).
 * Values HMRC says to percent-encode are encoded here; a browser value in the wrong shape is left
 * out rather than passed on (HMRC: omit what could not be collected).
 */
export const BROWSER_HEADERS = [
  'Gov-Client-Browser-JS-User-Agent',
  'Gov-Client-Device-ID',
  'Gov-Client-Screens',
  'Gov-Client-Window-Size',
  'Gov-Client-Timezone',
] as const;

const SHAPES: Record<(typeof BROWSER_HEADERS)[number], RegExp> = {
  'Gov-Client-Browser-JS-User-Agent': /^[\x20-\x7e]{1,512}$/,
  'Gov-Client-Device-ID': /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'Gov-Client-Screens':
    /^width=\d+&height=\d+&scaling-factor=\d+(\.\d+)?&colour-depth=\d+(,width=\d+&height=\d+&scaling-factor=\d+(\.\d+)?&colour-depth=\d+)*$/,
  'Gov-Client-Window-Size': /^width=\d+&height=\d+$/,
  'Gov-Client-Timezone': /^UTC[+-]\d{2}:\d{2}$/,
};

export type BrowserValues = Partial<Record<(typeof BROWSER_HEADERS)[number], string>>;

/** The browser's values from our API request, each only when it has HMRC's shape. */
export function browserValuesOf(req: Request): BrowserValues {
  const out: BrowserValues = {};
  for (const name of BROWSER_HEADERS) {
    const v = req.get(name)?.trim();
    if (v && SHAPES[name].test(v)) out[name] = v;
  }
  return out;
}

export interface ServerValues {
  /** the browser's address and port as the connection to us shows them (after trusted proxies) */
  clientIp: string | null;
  clientPort: number | null;
  /** when that address was read: now, for the request being served */
  at: Date;
  /** the address our server answered on: the nearest to a vendor public IP it can know itself */
  vendorIp: string | null;
  userId: string;
  accountId: string;
  version: string;
}

const plainIp = (ip: string | undefined | null) => {
  if (!ip) return null;
  const v = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  return isIP(v) ? v : null;
};

export function serverValuesOf(req: Request, who: { userId: string; accountId: string }, at: Date, version: string): ServerValues {
  return {
    clientIp: plainIp(req.ip ?? req.socket.remoteAddress),
    clientPort: req.socket.remotePort ?? null,
    at,
    vendorIp: plainIp(req.socket.localAddress),
    version,
    ...who,
  };
}

const enc = encodeURIComponent;
/** HMRC: hash identifiers of a licence rather than send them as they are. */
const hashed = (v: string) => createHash('sha256').update(v).digest('hex');

/** Every header for one HMRC call. */
export function fraudPreventionHeaders(browser: BrowserValues, server: ServerValues): Record<string, string> {
  const h: Record<string, string> = { 'Gov-Client-Connection-Method': 'WEB_APP_VIA_SERVER' };
  for (const name of BROWSER_HEADERS) if (browser[name]) h[name] = browser[name];
  if (server.clientIp) {
    h['Gov-Client-Public-IP'] = server.clientIp;
    h['Gov-Client-Public-IP-Timestamp'] = server.at.toISOString();
  }
  if (server.clientPort) h['Gov-Client-Public-Port'] = String(server.clientPort);
  h['Gov-Client-User-IDs'] = `docket=${enc(server.userId)}`;
  if (server.vendorIp) {
    h['Gov-Vendor-Public-IP'] = server.vendorIp;
    if (server.clientIp) h['Gov-Vendor-Forwarded'] = `by=${enc(server.vendorIp)}&for=${enc(server.clientIp)}`;
  }
  h['Gov-Vendor-License-IDs'] = `docket=${hashed(server.accountId)}`;
  h['Gov-Vendor-Product-Name'] = enc('Docket');
  h['Gov-Vendor-Version'] = `docket-web=${enc(server.version)}&docket-api=${enc(server.version)}`;
  return h;
}
