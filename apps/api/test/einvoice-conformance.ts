/**
 * `pnpm test:einvoice`: the e-invoice conformance matrix (docs/data-transfer.md, "Conformance").
 *
 * Issues every kind of document Docket can issue through createApp() (PGlite in memory), writes
 * each one's UBL and the CII inside its Factur-X PDF to a temporary folder, and runs the official
 * validation kit on them (UBL 2.1 XSD + CEN EN 16931 + Peppol BIS 3; Factur-X 1.07.3 XSD + CEN
 * EN 16931 CII). Any failed rule fails the run, as do our own checks of what the kit cannot check
 * (einvoice-matrix.ts).
 *
 * The kit is third-party and is not in the repository: it is found at EINVOICE_KIT, default
 * ../shared/einvoice-kit beside the repository. Without it the run is skipped with a plain notice,
 * unless EINVOICE_KIT_REQUIRED=1 (CI), where a missing kit or tool fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const KIT = path.resolve(ROOT, process.env.EINVOICE_KIT ?? '../shared/einvoice-kit');
const REQUIRED = process.env.EINVOICE_KIT_REQUIRED === '1';

function missing(why: string): never {
  if (REQUIRED) {
    console.error(`e-invoice conformance: FAILED, ${why}`);
    process.exit(1);
  }
  console.log(`e-invoice conformance: SKIPPED, ${why} (set EINVOICE_KIT to the kit's folder to run it)`);
  process.exit(0);
}

const has = (cmd: string) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).error === undefined;
if (!existsSync(path.join(KIT, 'validate-einvoice.sh'))) missing(`no validation kit at ${KIT}`);
if (!existsSync(path.join(KIT, 'node_modules', 'node-schematron'))) missing(`the kit at ${KIT} has no node_modules (run npm ci there)`);
if (!has('xmllint')) missing('xmllint is not installed (Debian: libxml2-utils)');
for (const tool of ['pdfdetach', 'pdfinfo', 'pdftotext', 'qpdf']) if (!has(tool)) missing(`${tool} is not installed (Debian: poppler-utils, qpdf)`);

// The app is loaded only once the kit is there: a skipped run is quick.
const { runMatrix } = await import('./einvoice-matrix.ts');
process.exit(await runMatrix(KIT));
