// The data folder preparer's entry when the API runs from TypeScript source (tsx, vitest): a
// child process does not inherit the parent's loader, so register tsx before loading it. The
// production bundle (scripts/build.mjs) builds prepare-data-dir.ts into dist/prepare-data-dir.js.
import { register } from 'tsx/esm/api';

register();
await import('./prepare-data-dir.ts');
