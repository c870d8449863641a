import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Node version the README names', () => {
  it('when the lockfile is installed, then every package supports this Node (CI runs the lowest the README names): no "Unsupported engine" warning', () => {
    const wanted = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(read('README.md')).toContain(`Node.js ${semver.major(semver.minVersion(wanted)!)}+`);
    expect(semver.satisfies(process.version, wanted)).toBe(true);
    // pnpm records each package's engines in the lockfile and warns from exactly these.
    const lock = parse(read('pnpm-lock.yaml')) as { packages: Record<string, { engines?: { node?: string } }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines?.node && !semver.satisfies(process.version, p.engines.node))
      .map(([id, p]) => `${id} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
