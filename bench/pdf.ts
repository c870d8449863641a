import { TEMPLATES } from '@docket/schemas/constants';
import { buildDocumentModel } from '../apps/api/src/pdf/document-model.ts';
import { renderDocument as renderPdf } from '../apps/api/src/pdf/render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource, sampleLogoPng } from '../apps/api/src/pdf/sample-data.ts';

export interface PdfBenchRow {
  template: string;
  document: string;
  medianMs: number;
  p95Ms: number;
  docsPerSec: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Per-template render speed with the PDF issue's own cases and sample data (the same renderer
 * and inputs as apps/api/bench/pdf-bench.ts, `pnpm bench:pdf`), with run counts sized to fit
 * the five-minute budget of `pnpm bench`; `pnpm bench:pdf` remains the longer, dedicated run.
 */
export async function runPdfBench(smoke: boolean): Promise<PdfBenchRow[]> {
  const company = sampleCompanySource({ logo: sampleLogoPng() });
  const cases = [
    { name: '10 lines + logo', lines: 10, warmup: smoke ? 0 : 10, runs: smoke ? 1 : 60 },
    ...(smoke ? [] : [{ name: '200 lines', lines: 200, warmup: 2, runs: 8 }]),
  ];
  const rows: PdfBenchRow[] = [];
  for (const template of TEMPLATES) {
    for (const c of cases) {
      const model = buildDocumentModel(company, sampleClientSource(), sampleDocumentSource('invoice', c.lines));
      for (let i = 0; i < c.warmup; i++) await renderPdf(model, template);
      const times: number[] = [];
      const started = performance.now();
      for (let i = 0; i < c.runs; i++) {
        const t0 = performance.now();
        await renderPdf(model, template);
        times.push(performance.now() - t0);
      }
      const wall = performance.now() - started;
      times.sort((a, b) => a - b);
      rows.push({ template, document: c.name, medianMs: pct(times, 50), p95Ms: pct(times, 95), docsPerSec: (c.runs / wall) * 1000 });
    }
  }
  return rows;
}
