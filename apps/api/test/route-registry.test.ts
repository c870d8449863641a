import { describe, expect, it } from 'vitest';
import { may, ROLE_PERMISSIONS, ROLES } from '@docket/schemas/account';
import { defineRoute, isRaw, raw as rawAnswer, type Route } from '../src/http/route.ts';
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

  it('when a route is registered, then it is public or declares a permission a role holds, never both', () => {
    const granted = new Set(Object.values(ROLE_PERMISSIONS).flat());
    const wrong = REGISTRY.filter((r) => (r.auth === 'public') === (r.permission !== undefined) || (r.permission && !granted.has(r.permission)));
    expect(wrong.map(labelOf)).toEqual([]);
    expect(REGISTRY.find((r) => labelOf(r) === 'GET /clients/:id')?.permission).toBe('field-read');
  });

  it('when a route with a permission runs a `before`, then every role but engineers holds it (the kept answers and the kept PDF check the session, not the role, and serve no engineer)', () => {
    const wrong = REGISTRY.filter((r) => r.permission && r.before?.length)
      .filter((r) => ROLES.some((role) => role !== 'ENGINEER' && !may(role, r.permission!)))
      .map(labelOf);
    expect(wrong).toEqual([]);
  });

  it('when a route needing a session is declared without its permission, then it does not compile', () => {
    const handler = () => undefined;
    const raw = rawAnswer('text/plain');
    const declared: Route[] = [
      defineRoute({ method: 'get', path: '/x', auth: 'public', response: raw, handler }),
      defineRoute({ method: 'get', path: '/x', permission: 'read', response: raw, handler }),
      // @ts-expect-error -- neither public nor a permission
      defineRoute({ method: 'get', path: '/x', response: raw, handler }),
      // @ts-expect-error -- the old 'signed-in' names no permission
      defineRoute({ method: 'get', path: '/x', auth: 'signed-in', response: raw, handler }),
      // @ts-expect-error -- public and a permission at once
      defineRoute({ method: 'get', path: '/x', auth: 'public', permission: 'read', response: raw, handler }),
      // @ts-expect-error -- not a permission
      defineRoute({ method: 'get', path: '/x', permission: 'admin', response: raw, handler }),
    ];
    expect(declared).toHaveLength(6);
  });

  it('when a route answers JSON, then it declares the schema of its data; a raw answer names its content type', () => {
    for (const r of REGISTRY) {
      if (isRaw(r.response)) expect(r.response.raw, labelOf(r)).not.toBe('');
      else expect(typeof r.response.safeParse, labelOf(r)).toBe('function');
    }
  });
});
