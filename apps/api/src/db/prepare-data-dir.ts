// Entry of the child that creates a fresh PGlite data folder (fresh-data-dir.ts): creates the
// database in the folder named by its one argument, applies every migration, closes it, exits.
import { openPgliteAt } from './client.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: prepare-data-dir <folder>');
const handle = await openPgliteAt(dir);
await handle.close();
