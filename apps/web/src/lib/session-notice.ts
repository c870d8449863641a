/**
 * Why the visitor is on /login: a stored token the API refused (expired, revoked or garbage)
 * leaves a mark that survives the redirect (and a full reload), and the sign-in screen says so
 * once. docs/product.md, "Session expired".
 */
const KEY = 'docket.sessionExpired';

export function markSessionExpired(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    /* storage unavailable (private mode): the notice is a courtesy */
  }
}

/** True after a refused token, until cleared. */
export function sessionExpired(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function clearSessionExpired(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
