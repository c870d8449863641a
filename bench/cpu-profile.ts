import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The same .cpuprofile `node --cpu-prof` writes, but only around one load run of this
 * process's main thread (the server), so seeding and start-up do not drown the picture.
 */
export async function withCpuProfile<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

const packageOf = (url: string): string => {
  const m = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/apps/') || url.includes('/packages/')) return url.replace(/^.*?\/(apps|packages)\//, '$1/');
  return url || '(native)';
};

/** Self time by package (or our own file) and by function: the top of a profile as text. */
export function summariseProfile(profile: Profile, top = 20): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    total += dt;
    const pkg = frame.url ? packageOf(frame.url) : frame.functionName || '(native)';
    const fn = `${frame.functionName || '(anonymous)'} ${packageOf(frame.url)}:${frame.lineNumber + 1}`;
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  });
  const lines = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => `${((100 * t) / Math.max(total, 1)).toFixed(1).padStart(5)}%  ${name}`);
  return ['self time by package:', ...lines(byPackage), '', 'self time by function:', ...lines(byFunction)].join('\n');
}

/**
 * The busiest functions by self time as "share% name file:line", the idle thread left out (its
 * share is time the server waited, on the database or the client), so shares are of busy time.
 * The inspector's own `dispatch` (no script: Profiler.stop writing the profile out) is left out
 * too: it is the measurement, not the server.
 */
export function topFunctions(profile: Profile, top = 8): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || (frame.functionName === 'dispatch' && !frame.url)) return;
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    const where = frame.url ? ` ${packageOf(frame.url)}:${frame.lineNumber + 1}` : '';
    const fn = `${frame.functionName || '(anonymous)'}${where}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  });
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, t]) => `${((100 * t) / Math.max(busy, 1)).toFixed(1)}% ${name}`);
}
