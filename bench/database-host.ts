/** The host a PostgreSQL URL names: its `host` parameter (a Unix socket's directory) or its hostname. */
function hostOf(url: string): string {
  const u = new URL(url);
  return u.searchParams.get('host') ?? u.hostname;
}

/** A database URL on this machine (loopback or a Unix socket), whose server processes /proc shows. */
export function isLocalHost(url: string | undefined): boolean {
  if (!url) return false;
  const host = hostOf(url);
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * How the app reaches the server, for the report: the same server over its Unix socket costs both
 * sides less per statement than over TCP on 127.0.0.1 (bench/results.md), so figures say which.
 */
export function transportOf(url: string): string {
  const host = hostOf(url);
  return host.startsWith('/') ? 'Unix socket' : `TCP ${host || 'localhost'}`;
}
