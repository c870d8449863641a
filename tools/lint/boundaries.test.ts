import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findCycle, folderGraph } from './folder-cycles.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: repo, ignore: false });

/** The rule ids ESLint reports for `code` as if it lived at `filePath` (relative to the repo). */
async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint boundaries', () => {
  it('when a web feature imports another feature, then lint fails', async () => {
    const code = "import { useCreateClient } from '../../clients/api/create-client';\nexport const x = useCreateClient;\n";
    expect(await ruleIds(code, 'apps/web/src/features/quotes/components/uses-clients.ts')).toContain('import-x/no-restricted-paths');
    const own = "import { useCreateClient } from '../api/create-client';\nexport const x = useCreateClient;\n";
    expect(await ruleIds(own, 'apps/web/src/features/clients/components/uses-clients.ts')).toEqual([]);
  });

  it('when a web feature imports another through the @/ alias, then `eslint` from the repo root fails', () => {
    const run = spawnSync('pnpm', ['exec', 'eslint', '--stdin', '--stdin-filename', 'apps/web/src/features/quotes/components/uses-clients.ts'], {
      cwd: repo,
      input: "import { useCreateClient } from '@/features/clients/api/create-client';\nexport const x = useCreateClient;\n",
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('import-x/no-restricted-paths');
  });

  it('when shared web code in components/ or lib/ imports a feature, then lint fails', async () => {
    const relative = "import { useCreateClient } from '../../features/clients/api/create-client';\nexport const x = useCreateClient;\n";
    expect(await ruleIds(relative, 'apps/web/src/components/ui/uses-clients.ts')).toContain('import-x/no-restricted-paths');
    const lib = "import { useCreateClient } from '../features/clients/api/create-client';\nexport const x = useCreateClient;\n";
    expect(await ruleIds(lib, 'apps/web/src/lib/uses-clients.ts')).toContain('import-x/no-restricted-paths');
    // the other way round is the intended direction
    const down = "import { cn } from '../../../lib/cn';\nexport const x = cn;\n";
    expect(await ruleIds(down, 'apps/web/src/features/clients/components/uses-lib.ts')).toEqual([]);
  });

  it('when the web app imports the API, then lint fails', async () => {
    const code = "import { createApp } from '../../../api/src/app.ts';\nexport const x = createApp;\n";
    expect(await ruleIds(code, 'apps/web/src/lib/uses-api.ts')).toContain('import-x/no-restricted-paths');
  });

  it('when packages/schemas imports anything but zod and its own files, then lint fails', async () => {
    expect(await ruleIds("import express from 'express';\nexport const x = express;\n", 'packages/schemas/src/leak.ts')).toContain('no-restricted-imports');
    expect(
      await ruleIds("import { z } from 'zod';\nimport { MSG } from './messages.ts';\nexport const x = [z, MSG];\n", 'packages/schemas/src/fine.ts'),
    ).toEqual([]);
  });

  it('when two files import each other, then lint fails', async () => {
    const [result] = await eslint.lintFiles(['tools/lint/fixtures/cycle/first-half.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('when a file name is not kebab-case, then lint fails', async () => {
    expect(await ruleIds('export const x = 1;\n', 'apps/web/src/lib/BadName.ts')).toContain('check-file/filename-naming-convention');
    expect(await ruleIds('export const x = 1;\n', 'apps/web/src/lib/good-name.ts')).toEqual([]);
  });

  it('when folders import each other round a loop, then the folder check names the loop', () => {
    const cycle = findCycle(folderGraph(fileURLToPath(new URL('./fixtures/folders', import.meta.url))));
    expect(cycle).toEqual(['alpha', 'beta', 'gamma', 'alpha']);
  });

  it('the repository itself has no folder cycle', () => {
    for (const root of ['apps/api/src', 'apps/web/src', 'packages/schemas/src']) {
      expect(findCycle(folderGraph(`${repo}${root}`)), root).toBeNull();
    }
  });
});
