import { loadEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';

/** `pnpm db:migrate`: apply pending migrations to DATABASE_URL, or to PGlite under DATA_DIR. */
const env = loadEnv();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await handle.close();
process.stdout.write(`Migrations applied (${handle.kind}).\n`);
