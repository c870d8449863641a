/**
 * The browser's values for HMRC's fraud prevention headers (WEB_APP_VIA_SERVER), sent with every
 * VAT request to our API under HMRC's header names; the server adds its own and forwards them
 * (apps/api/src/modules/mtd/fraud-headers.ts). The device id is kept in local storage, never expires,
 * and is made again if the user clears it, as HMRC asks.
 */
const DEVICE_KEY = 'hmrcDeviceId';

function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** UTC±hh:mm of this browser now (getTimezoneOffset is minutes behind UTC, so its sign is flipped). */
function timezone(): string {
  const offset = -new Date().getTimezoneOffset();
  const abs = Math.abs(offset);
  const two = (n: number) => String(n).padStart(2, '0');
  return `UTC${offset >= 0 ? '+' : '-'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

export function fraudPreventionHeaders(): Record<string, string> {
  return {
    'Gov-Client-Browser-JS-User-Agent': navigator.userAgent,
    'Gov-Client-Device-ID': deviceId(),
    'Gov-Client-Screens': `width=${screen.width}&height=${screen.height}&scaling-factor=${window.devicePixelRatio || 1}&colour-depth=${screen.colorDepth}`,
    'Gov-Client-Window-Size': `width=${window.innerWidth}&height=${window.innerHeight}`,
    'Gov-Client-Timezone': timezone(),
  };
}
