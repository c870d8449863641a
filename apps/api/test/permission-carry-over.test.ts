import { describe, expect, it } from 'vitest';
import { permissionFor, ROUTE_PERMISSIONS } from '../src/middleware/permissions.ts';
import { REGISTRY } from './route-registry.ts';

// Throwaway: every registered route declares exactly what ROUTE_PERMISSIONS resolved for it.
const seg = (p: string) => p.split('/');
const isParam = (s: string) => s.startsWith(':');
/** Can one request path match both? (same segment count; literals agree) */
const unify = (a: string, b: string) => {
  const x = seg(a);
  const y = seg(b);
  return x.length === y.length && x.every((s, i) => isParam(s) || isParam(y[i]!) || s === y[i]);
};

describe('carry-over', () => {
  it('declared permission equals permissionFor for every route, for every request path it can take', () => {
    const wrong: string[] = [];
    for (const r of REGISTRY) {
      const label = `${r.method.toUpperCase()} ${r.path}`;
      if (r.auth === 'public') {
        expect(r.permission, label).toBeUndefined();
        continue;
      }
      const resolved = permissionFor(r.method, r.path);
      if (r.permission !== resolved) wrong.push(`${label}: declared ${r.permission}, list ${resolved}`);
      // every list line that some request of this route could match first must agree
      for (const [m, p, perm] of ROUTE_PERMISSIONS) {
        if (m !== r.method.toUpperCase() || !unify(p, r.path)) continue;
        if (perm !== r.permission) wrong.push(`${label}: line ${m} ${p} (${perm}) can match a request first`);
        // stop at the first line that matches every request of the route
        if (seg(p).every((s, i) => isParam(s) || s === seg(r.path)[i])) break;
      }
      // and with no line matching some request, 'team': only if the route path itself falls to team
    }
    expect(wrong).toEqual([]);
    console.log(`checked ${REGISTRY.length} routes, ${REGISTRY.filter((r) => r.permission).length} with a permission`);
  });
});
