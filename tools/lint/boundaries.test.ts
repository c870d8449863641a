import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { fileGraph, findCycle, folderGraph, runtimeImports } from './import-cycles.ts';

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

  it('when two files import each other, then the cycle check names the loop', () => {
    const cycle = findCycle(fileGraph(repo, `${repo}tools/lint/fixtures/cycle`));
    expect(cycle).toEqual(['tools/lint/fixtures/cycle/first-half.ts', 'tools/lint/fixtures/cycle/second-half.ts', 'tools/lint/fixtures/cycle/first-half.ts']);
  });

  it('when a file imports only types, or names an import in a comment, then that is not a run-time import', () => {
    const text = [
      "import type { A } from './types-only.ts';",
      "import { type B, type C } from './inline-types.ts';",
      "export type { D } from './re-exported-types.ts';",
      "// import { e } from './in-a-line-comment.ts';",
      "/* import { f } from './in-a-block-comment.ts'; */",
      "import { type G, h } from './mixed.ts';",
      "import {\n  i,\n  j,\n} from './multi-line.ts';",
      "import './side-effect.ts';",
      "export * from './star.ts';",
      "const k = await import('./dynamic.ts');",
    ].join('\n');
    expect(runtimeImports(text)).toEqual(['./mixed.ts', './multi-line.ts', './side-effect.ts', './star.ts', './dynamic.ts']);
  });

  it('when a file name is not kebab-case, then lint fails', async () => {
    expect(await ruleIds('export const x = 1;\n', 'apps/web/src/lib/BadName.ts')).toContain('check-file/filename-naming-convention');
    expect(await ruleIds('export const x = 1;\n', 'apps/web/src/lib/good-name.ts')).toEqual([]);
  });

  it('when folders import each other round a loop, then the folder check names the loop', () => {
    const cycle = findCycle(folderGraph(fileURLToPath(new URL('./fixtures/folders', import.meta.url))));
    expect(cycle).toEqual(['alpha', 'beta', 'gamma', 'alpha']);
  });

  it('the repository itself has no file or folder cycle', () => {
    expect(findCycle(fileGraph(repo))).toBeNull();
    for (const root of ['apps/api/src', 'apps/web/src', 'packages/schemas/src']) {
      expect(findCycle(folderGraph(`${repo}${root}`)), root).toBeNull();
    }
  });

  it('the file graph follows the web alias and .js specifiers to their TypeScript files', () => {
    const graph = fileGraph(repo);
    const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
    expect(graph.size).toBeGreaterThan(500);
    expect(edges).toBeGreaterThan(graph.size);
    expect(graph.get('apps/web/src/app/home-redirect.tsx')).toContain('apps/web/src/lib/role.ts');
  });
});
