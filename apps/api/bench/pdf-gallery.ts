// Render page 1 of the sample invoice in every template to docs/templates/<name>.png (needs pdftoppm).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATES } from '@docket/schemas/constants';
import { buildDocumentModel } from '../src/pdf/document-model.ts';
import { renderDocument as renderPdf } from '../src/pdf/render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource, sampleLogoPng } from '../src/pdf/sample-data.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(repoRoot, 'docs/templates');
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(path.join(tmpdir(), 'docket-gallery-'));
const model = buildDocumentModel(sampleCompanySource({ logo: sampleLogoPng() }), sampleClientSource(), sampleDocumentSource('invoice', 10));
try {
  for (const template of TEMPLATES) {
    const pdfPath = path.join(work, `${template}.pdf`);
    writeFileSync(pdfPath, await renderPdf(model, template));
    execFileSync('pdftoppm', ['-png', '-r', '90', '-f', '1', '-l', '1', '-singlefile', pdfPath, path.join(outDir, template)]);
    console.log(`docs/templates/${template}.png`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
