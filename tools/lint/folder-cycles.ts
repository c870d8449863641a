/**
 * Folder-level import cycles: no folder may import from a folder that imports it back
 * (file-level cycles are import-x/no-cycle's job). A folder is a top folder of a source root,
 * or one level deeper under modules/, features/ and components/. Part of `pnpm lint`.
 *   tsx tools/lint/folder-cycles.ts [root ...]   exit 1 and the cycle when one exists
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const DEFAULT_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/schemas/src'];
const NESTED = new Set(['modules', 'features', 'components']);
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(d|test)\.tsx?$/.test(name) ? [path] : [];
  });
}

function folderOf(root: string, file: string): string | null {
  const parts = relative(root, file).split(sep);
  if (parts.length < 2) return null;
  return NESTED.has(parts[0]!) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** `@/x` is the web app's alias for its src folder. */
function target(root: string, file: string, spec: string): string | null {
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  if (spec.startsWith('@/')) return join(root, spec.slice(2));
  return null;
}

export function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (!from) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const path = target(root, file, (m[1] ?? m[2])!);
      if (!path || relative(root, path).startsWith('..')) continue;
      const to = folderOf(root, path.endsWith('.ts') || path.endsWith('.tsx') ? path : `${path}.ts`);
      if (to && to !== from) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)!.add(to);
      }
    }
  }
  return graph;
}

/** The first cycle found, as a path that ends where it starts; null when there is none. */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const roots = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_ROOTS;
  let failed = false;
  for (const root of roots) {
    const cycle = findCycle(folderGraph(resolve(root)));
    if (cycle) {
      failed = true;
      console.error(`folder cycle in ${root}: ${cycle.join(' -> ')}`);
    }
  }
  if (failed) process.exit(1);
}
