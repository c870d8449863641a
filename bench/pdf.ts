import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface PdfBenchRow {
  template: string;
  medianMs: number;
  p95Ms: number;
  docsPerSec: number;
}

const PDF_BENCH_DIR = fileURLToPath(new URL('../apps/api/bench/', import.meta.url));

/** The PDF issue's own per-template benchmark (apps/api/bench/pdf-*), reused rather than rewritten. */
export async function runPdfBench(smoke: boolean): Promise<PdfBenchRow[] | { skipped: string }> {
  const files = existsSync(PDF_BENCH_DIR) ? readdirSync(PDF_BENCH_DIR).filter((f) => /^pdf-.*\.ts$/.test(f)) : [];
  if (!files.length) return { skipped: 'the PDF benchmark (apps/api/bench/pdf-*) is not in the tree yet' };
  void smoke;
  return { skipped: `adapter for ${files.join(', ')} not written yet` };
}
