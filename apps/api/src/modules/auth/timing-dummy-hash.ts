/**
 * What an unknown email's password is compared against, so that both failures take the same time.
 * A compare costs the rounds its hash names whatever the digest, so this is a well-formed hash of
 * `cost` rounds whose password was random bytes thrown away, written out rather than computed:
 * hashing one at start-up cost every process half a second of CPU at cost 12 before its first request.
 */
export function timingDummyHash(cost: number): string {
  return `$2b$${String(cost).padStart(2, '0')}$ijag9CQtFY0gpNfEtqxLe.Mc1QpAqZiDvgxnAb.fDHjzjV/jmMQoK`;
}
