import { afterAll, describe, expect, it } from 'vitest';
import { buildDocumentModel } from './document-model.ts';
import { createRenderPool, PdfRenderFailed } from './render-pool.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource, sampleLogoPng } from './sample-data.ts';

// The red-team's logo: well-formed chunks, an IDAT that is not zlib data. pdfkit's PNG decoder
// throws on it from a zlib callback, which no try/catch around the render can catch.
const BAD_ZLIB_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAGQAAABkCAYAAABw4pVUAAAACElEQVRub3QgemxpYlVpEfcAAAAASUVORK5CYII=', 'base64');

const model = (lines = 5, logo: Buffer | null = sampleLogoPng()) =>
  buildDocumentModel(sampleCompanySource({ logo }), sampleClientSource(), sampleDocumentSource('invoice', lines));

const pools: Array<ReturnType<typeof createRenderPool>> = [];
const pool = (options: Parameters<typeof createRenderPool>[0] = {}) => {
  const p = createRenderPool(options);
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

const reason = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfRenderFailed);
  return (err as PdfRenderFailed).reason;
};

describe('PDF render pool', () => {
  it('when a document renders, then a complete PDF comes back from the worker', async () => {
    const pdf = await pool().render(model(), 'modern');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('when pdfkit throws from a callback on undecodable logo bytes, then only that render fails and the next one works', async () => {
    const p = pool({ threads: 1 });
    expect(await reason(p.render(model(3, BAD_ZLIB_PNG), 'modern'))).toBe('failed');
    const after = await p.render(model(), 'classic');
    expect(after.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('when a document takes longer than the time limit, then it fails with timeout and the pool keeps rendering', async () => {
    const p = pool({ threads: 1, timeLimitMs: 40 });
    expect(await reason(p.render(model(500), 'elegant'))).toBe('timeout');
    const roomy = pool({ threads: 1 });
    expect((await roomy.render(model(2), 'minimal')).length).toBeGreaterThan(1000);
  });

  it('when a document needs more heap than the limit, then it fails and the next small one renders', async () => {
    const p = pool({ threads: 1, heapLimitMb: 8 });
    const huge = model(500);
    for (const line of huge.lines) line.description = 'word '.repeat(2000);
    expect(await reason(p.render(huge, 'professional'))).toBe('failed');
    const roomy = pool({ threads: 1 });
    expect((await roomy.render(model(2), 'minimal')).length).toBeGreaterThan(1000);
  });

  it('when a large document renders, then this thread stays free to serve other requests', async () => {
    // A roomy time limit: this test is about where the work runs, not how long a loaded machine takes.
    const p = pool({ threads: 1, timeLimitMs: 120_000 });
    await p.render(model(1), 'modern'); // worker started and fonts loaded
    // The share of the render's time this thread spent running code rather than waiting for
    // events: a ratio, so a slow or loaded machine does not move it. Rendered in-process it is
    // ≈ 1 (pdfkit lays the whole document out in one synchronous run); from the worker it is the
    // few milliseconds of posting the task and taking the bytes back.
    const before = performance.eventLoopUtilization();
    const pdf = await p.render(model(300), 'professional');
    const busy = performance.eventLoopUtilization(before);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(busy.utilization).toBeLessThan(0.5);
  });

  it('when more documents wait than the queue holds, then the extra ones fail at once as busy', async () => {
    const p = pool({ threads: 1, maxQueue: 1 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => p.render(model(200), 'modern')));
    const busy = results.filter((r) => r.status === 'rejected' && (r.reason as PdfRenderFailed).reason === 'busy');
    expect(busy.length).toBeGreaterThan(0);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  });
});
