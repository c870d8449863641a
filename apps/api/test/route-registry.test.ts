import { describe, expect, it } from 'vitest';
import { permissionFor, ROUTE_PERMISSIONS } from '../src/middleware/permissions.ts';
import { isRaw, pathPattern } from '../src/http/route.ts';
import { REGISTRY } from './route-registry.ts';
import { registeredRouteOf, ROUTES, SPECS, UNFUZZED } from './adversarial/routes.ts';

/**
 * Issue 39: the route registry drives mounting, the answer checks and the adversarial list. These
 * tests keep the three from drifting apart again.
 */
const labelOf = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;

describe('the route registry', () => {
  it('when two routes are registered, then they never share a method and path', () => {
    const labels = REGISTRY.map(labelOf);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });

  it('when an adversarial spec names a route, then that route is registered, with its params where the spec has them', () => {
    expect(SPECS.filter((s) => !registeredRouteOf(s)).map(labelOf)).toEqual([]);
    expect(ROUTES).toHaveLength(SPECS.length);
    // A spec's own ids fill the registered route's path params.
    const misplaced = SPECS.flatMap((s) => {
      const declared = registeredRouteOf(s)!.path.split('/');
      const segments = s.path.split('/');
      return Object.keys(s.own ?? {})
        .filter((param) => !declared[segments.indexOf(`:${param}`)]?.startsWith(':'))
        .map((p) => `${labelOf(s)} :${p}`);
    });
    expect(misplaced).toEqual([]);
  });

  it('when a route is registered, then an adversarial spec fuzzes it (its body too, when it takes one) or UNFUZZED says why not', () => {
    const missing = REGISTRY.filter((r) => !(labelOf(r) in UNFUZZED)).flatMap((r) => {
      const specs = SPECS.filter((s) => registeredRouteOf(s) === r);
      if (!specs.length) return [`${labelOf(r)}: no spec`];
      return r.request?.body && !specs.some((s) => s.body) ? [`${labelOf(r)}: takes a body no spec fuzzes`] : [];
    });
    expect(missing).toEqual([]);
    const registered = new Set(REGISTRY.map(labelOf));
    expect(Object.keys(UNFUZZED).filter((l) => !registered.has(l))).toEqual([]);
  });

  it('when a signed-in route is registered, then middleware/permissions.ts names its permission (none falls back to owners only)', () => {
    const listed = ROUTE_PERMISSIONS.map(([method, path]) => ({ method, pattern: pathPattern(path) }));
    const unlisted = REGISTRY.filter((r) => r.permission)
      .filter((r) => !listed.some((l) => l.method === r.method.toUpperCase() && l.pattern.test(r.path)))
      .map(labelOf);
    expect(unlisted).toEqual([]);
    expect(permissionFor('GET', '/clients/1')).toBe('field-read');
  });

  it('when a route answers JSON, then it declares the schema of its data; a raw answer names its content type', () => {
    for (const r of REGISTRY) {
      if (isRaw(r.response)) expect(r.response.raw, labelOf(r)).not.toBe('');
      else expect(typeof r.response.safeParse, labelOf(r)).toBe('function');
    }
  });
});
