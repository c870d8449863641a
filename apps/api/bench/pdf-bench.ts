// pnpm bench:pdf — render speed per template, in one process after warm-up.
import { TEMPLATES } from '@docket/schemas/constants';
import { buildDocumentModel } from '../src/pdf/document-model.ts';
import { renderDocument as renderPdf } from '../src/pdf/render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource, sampleLogoPng } from '../src/pdf/sample-data.ts';

const WARMUP = 20;
const company = sampleCompanySource({ logo: sampleLogoPng() });
const fixed = (lines: number) => {
  const model = buildDocumentModel(company, sampleClientSource(), sampleDocumentSource('invoice', lines));
  return () => model;
};
let serial = 0;
/** Every document with words never seen before: the worst case for the shared shaping cache. */
const fresh = () => {
  const n = ++serial;
  const doc = sampleDocumentSource('invoice', 10);
  doc.lines = doc.lines.map((l, i) => ({ ...l, description: `${l.description} job${n}x${i} ref${n * 31 + i}` }));
  return buildDocumentModel(company, sampleClientSource({ name: `Client ${n} Holdings ${n * 7}` }), doc);
};
const cases = [
  { name: '10 lines + logo', model: fixed(10), runs: 150 },
  { name: '10 lines, new text', model: fresh, runs: 150 },
  { name: '200 lines', model: fixed(200), runs: 20 },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

console.log(`node ${process.version}, ${WARMUP} warm-up renders per case`);
// Wall-clock times suffer when other processes share the cores; CPU time (this process only)
// is what one core would need, hence the last two columns.
console.log('wall = elapsed time; cpu = CPU time of this process (user + system)\n');
console.log('template      document            pages   median ms   p95 ms   docs/s   cpu ms  docs/s cpu');
for (const template of TEMPLATES) {
  for (const c of cases) {
    for (let i = 0; i < WARMUP; i++) await renderPdf(c.model(), template);
    const times: number[] = [];
    const cpu: number[] = [];
    let pages = 0;
    const started = performance.now();
    for (let i = 0; i < c.runs; i++) {
      const model = c.model();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const pdf = await renderPdf(model, template);
      times.push(performance.now() - t0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
      if (i === 0) pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    }
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const cpuTotal = cpu.reduce((a, b) => a + b, 0);
    console.log(
      [
        template.padEnd(13),
        c.name.padEnd(19),
        String(pages).padStart(5),
        pct(times, 50).toFixed(2).padStart(11),
        pct(times, 95).toFixed(2).padStart(8),
        ((c.runs / wall) * 1000).toFixed(0).padStart(8),
        pct(cpu, 50).toFixed(2).padStart(9),
        ((c.runs / cpuTotal) * 1000).toFixed(0).padStart(10),
      ].join(' '),
    );
  }
}
