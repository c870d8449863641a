import { isIP } from 'node:net';

/**
 * HMRC's published rules for fraud prevention headers of the WEB_APP_VIA_SERVER connection method,
 * written from its specification independently of the code that builds them
 * (src/modules/mtd/fraud-headers.ts), as HMRC's Test Fraud Prevention Headers API would check:
 * the required headers present, each in its documented shape. Gov-Client-Multi-Factor is left
 * out: Docket signs in with a password only, and HMRC says to omit what cannot be collected.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** key=value pairs joined by '&', keys and values percent-encoded (no raw separators or spaces). */
const pairs = (v: string) => v.split('&').every((p) => /^[^=&\s,]+=[^=&\s,]*$/.test(p));
const encoded = (v: string) => {
  try {
    return !/[\s]/.test(v) && decodeURIComponent(v) !== undefined;
  } catch {
    return false;
  }
};
const publicIp = (v: string) => isIP(v) !== 0;

const RULES: Record<string, (v: string) => boolean> = {
  'Gov-Client-Connection-Method': (v) => v === 'WEB_APP_VIA_SERVER',
  'Gov-Client-Browser-JS-User-Agent': (v) => v.length > 0,
  'Gov-Client-Device-ID': (v) => UUID.test(v),
  'Gov-Client-Public-IP': publicIp,
  'Gov-Client-Public-IP-Timestamp': (v) => UTC_MS.test(v),
  'Gov-Client-Public-Port': (v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536,
  'Gov-Client-Screens': (v) =>
    v
      .split(',')
      .every((s) => pairs(s) && ['width', 'height', 'scaling-factor', 'colour-depth'].every((k) => new RegExp(`(^|&)${k}=\\d+(\\.\\d+)?($|&)`).test(s))),
  'Gov-Client-Timezone': (v) => /^UTC[+-]([01]\d|2[0-3]):[0-5]\d$/.test(v),
  'Gov-Client-User-IDs': (v) => pairs(v) && encoded(v),
  'Gov-Client-Window-Size': (v) => /^width=\d+&height=\d+$/.test(v),
  'Gov-Vendor-Forwarded': (v) =>
    v.split(',').every((hop) => /^by=[^&]+&for=[^&]+$/.test(hop) && hop.split('&').every((p) => publicIp(decodeURIComponent(p.split('=')[1]!)))),
  'Gov-Vendor-License-IDs': (v) => pairs(v) && encoded(v),
  'Gov-Vendor-Product-Name': (v) => v.length > 0 && encoded(v) && !/[ &=]/.test(v),
  'Gov-Vendor-Public-IP': publicIp,
  'Gov-Vendor-Version': (v) => pairs(v) && encoded(v),
};

/** Each problem in plain words; [] when the headers meet the rules. */
export function fraudHeaderProblems(headers: Record<string, string | string[] | undefined>): string[] {
  const get = (name: string) => {
    const v = headers[name.toLowerCase()] ?? headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  const problems: string[] = [];
  for (const [name, ok] of Object.entries(RULES)) {
    const v = get(name);
    if (v === undefined || v === '') problems.push(`${name} is missing`);
    else if (!ok(v)) problems.push(`${name} is not in HMRC's format: ${v}`);
  }
  return problems;
}
