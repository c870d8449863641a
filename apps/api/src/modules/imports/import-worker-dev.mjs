// Worker entry when the API runs from TypeScript source (tsx, vitest): a worker thread does not
// inherit the parent's loader, so register tsx here before loading the real worker module.
// The production bundle (scripts/build.mjs) builds import-worker.ts into dist/import-worker.js.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./import-worker.ts');
export default worker.default;
