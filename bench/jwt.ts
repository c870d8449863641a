import { TokenService } from '../apps/api/src/lib/token-service.ts';

export interface JwtResult {
  /** median of the batches, microseconds per verify of a session's (already seen) token */
  medianUs: number;
  minUs: number;
  iterations: number;
  /** microseconds per verify of a token seen for the first time (full HS256 check) */
  firstSightUs: number;
}

const SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const userId = (i: number) => `3f1e2d4c-1111-4222-8333-${String(i).padStart(12, '0')}`;

function timeUs(n: number, fn: (i: number) => void): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(i);
  return Number(process.hrtime.bigint() - start) / n / 1000;
}

/**
 * TokenService.verify on a real token, as the identify middleware calls it once per request.
 * Several batches after a warm-up; the median batch is the figure (the machine is shared).
 * First sight of a token is timed apart: distinct tokens, each verified once.
 */
export function benchJwtVerify(iterations = 100_000, batches = 7): JwtResult {
  const tokens = new TokenService(SECRET, '7d');
  const token = tokens.sign(userId(0));
  if (!tokens.verify(token).ok) throw new Error('bench token did not verify');
  timeUs(Math.min(iterations, 20_000), () => tokens.verify(token));
  const perBatch: number[] = [];
  for (let b = 0; b < batches; b++) perBatch.push(timeUs(iterations, () => tokens.verify(token)));
  perBatch.sort((a, b) => a - b);

  const fresh = Array.from({ length: Math.max(200, Math.floor(iterations / 10)) }, (_, i) => tokens.sign(userId(i + 1)));
  const cold = new TokenService(SECRET, '7d');
  timeUs(Math.min(100, fresh.length), (i) => new TokenService(SECRET, '7d').verify(fresh[i]!));
  const firstSightUs = timeUs(fresh.length, (i) => cold.verify(fresh[i]!));
  return {
    medianUs: perBatch[Math.floor(perBatch.length / 2)]!,
    minUs: perBatch[0]!,
    iterations: iterations * batches,
    firstSightUs,
  };
}
