import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';
import { BackupError, createBackup, parseBackup, restoreBackup } from './backup.ts';

/**
 * `pnpm db:backup [file]` and `pnpm db:restore <file>`: the database the server would use
 * (DATABASE_URL, else PGlite under DATA_DIR). Paths are relative to where pnpm was started.
 */
const [command, fileArg] = process.argv.slice(2);
const baseDir = process.env.INIT_CWD ?? process.cwd();
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

if (command !== 'backup' && command !== 'restore') fail('Usage: backup-cli.ts backup [file] | restore <file>');
if (command === 'restore' && !fileArg) fail('Usage: pnpm db:restore <file>');

let env;
try {
  env = loadEnv();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
const dataDir = path.resolve(baseDir, env!.DATA_DIR);
const handle = await openDatabase({ databaseUrl: env!.DATABASE_URL, dataDir });
const where = env!.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
try {
  if (command === 'backup') {
    const backup = await createBackup(handle.db);
    const file = path.resolve(baseDir, fileArg ?? `docket-backup-${backup.createdAt.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(backup), { mode: 0o600 });
    const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
    process.stdout.write(`Backed up ${rows} rows from ${where} to ${file}\n`);
  } else {
    const file = path.resolve(baseDir, fileArg!);
    const counts = await restoreBackup(handle.db, parseBackup(readFileSync(file, 'utf8')));
    const rows = Object.values(counts).reduce((n, c) => n + c, 0);
    process.stdout.write(`Restored ${rows} rows from ${file} into ${where}\n`);
  }
} catch (err) {
  await handle.close();
  if (err instanceof BackupError) fail(err.message);
  throw err;
}
await handle.close();
