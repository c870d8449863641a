import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFlags } from './idle-memory.ts';

const roots: string[] = [];
function root(start: string, script?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docket-start-'));
  roots.push(dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ scripts: { start } }));
  if (script !== undefined) {
    mkdirSync(path.join(dir, 'scripts'));
    writeFileSync(path.join(dir, 'scripts/start.mjs'), script);
  }
  return dir;
}
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the node flags of `pnpm start`', () => {
  it('when the start script runs the server itself, then its flags are read from package.json', () => {
    expect(startFlags(root('pnpm build && node --expose-gc --max-old-space-size=200 apps/api/dist/server.js'))).toEqual([
      '--expose-gc',
      '--max-old-space-size=200',
    ]);
  });

  it('when it runs a start script, then the flags are those the script spawns the server with', () => {
    const script = "const server = spawn(process.execPath, ['--expose-gc', '--v8-pool-size=1', path.join(root, 'apps/api/dist/server.js')], { cwd: root });\n";
    expect(startFlags(root('node scripts/start.mjs', script))).toEqual(['--expose-gc', '--v8-pool-size=1']);
  });

  it('when neither names the built server, then it says so instead of measuring another process', () => {
    expect(() => startFlags(root('node scripts/start.mjs', 'spawn(process.execPath, [main])'))).toThrow(/cannot read the node flags/);
  });
});
