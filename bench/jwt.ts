import { TokenService } from '../apps/api/src/lib/token-service.ts';

export interface JwtResult {
  /** median of the batches, microseconds per verify */
  medianUs: number;
  minUs: number;
  iterations: number;
}

/**
 * TokenService.verify on a real token, as the identify middleware calls it once per request.
 * Several batches after a warm-up; the median batch is the figure (the machine is shared).
 */
export function benchJwtVerify(iterations = 100_000, batches = 7): JwtResult {
  const tokens = new TokenService('bench-secret-that-is-long-enough-for-hs256-0123456789', '7d');
  const token = tokens.sign('3f1e2d4c-1111-4222-8333-444455556666');
  const check = tokens.verify(token);
  if (!check.ok) throw new Error('bench token did not verify');
  for (let i = 0; i < Math.min(iterations, 20_000); i++) tokens.verify(token);
  const perBatch: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) tokens.verify(token);
    perBatch.push(Number(process.hrtime.bigint() - start) / iterations / 1000);
  }
  perBatch.sort((a, b) => a - b);
  return { medianUs: perBatch[Math.floor(perBatch.length / 2)]!, minUs: perBatch[0]!, iterations: iterations * batches };
}
