import { createHash } from 'node:crypto';
import pg from 'pg';
import { plannedEachTime } from './plan-each-time.mjs';

/**
 * Names for statement texts: a text gets one the second time it is sent (a bulk insert's text,
 * one per row count, is seldom sent twice), made from a hash of the text so two texts never share
 * one. At most `max` texts are named: each connection keeps what it prepared until it closes.
 * Searches are never named.
 */
export function statementNames(max = 400, remembered = 4000) {
  const names = new Map<string, string>();
  let seenOnce = new Set<string>();
  return (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= max || plannedEachTime(text)) return known;
    if (!seenOnce.has(text)) {
      // bounded: forgetting texts seen once only delays their name
      if (seenOnce.size >= remembered) seenOnce = new Set();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
}

const GENERIC = 'force_generic_plan';
const BY_VALUES = 'force_custom_plan';

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * A pg client class that prepares statements with values under the names `nameOf` gives, so each
 * pooled connection parses and plans them once, as PGlite's thread does (docs/reliability.md,
 * "Statements parsed once"); drizzle names only the statements it is asked to prepare. A
 * statement without values keeps the simple protocol, which a name would turn into the extended
 * one: a script of several statements (a migration) cannot be prepared.
 */
export function namingClient(nameOf: (text: string) => string | undefined = statementNames()): typeof pg.Client {
  return class NamingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      // Named statements run their generic plan (docs/reliability.md, "Generic plans").
      const given = typeof config === 'string' ? { connectionString: config } : (config ?? {});
      super({ ...given, options: [given.options, `-c plan_cache_mode=${GENERIC}`].filter(Boolean).join(' ') });
    }

    override query(...args: unknown[]): never {
      const [config, values] = args as [QueryConfig | string, unknown];
      const send = super.query as (...a: unknown[]) => never;
      if (config !== null && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined && config.submit === undefined) {
        const given = Array.isArray(values) ? values : config.values;
        const withValues = Array.isArray(given) && given.length > 0;
        const name = withValues ? nameOf(config.text) : undefined;
        if (name) args[0] = { ...config, name };
        else if (withValues && plannedEachTime(config.text)) return this.plannedByValues(args, send);
      }
      return send.apply(this, args);
    }

    /**
     * A search is planned by its values: the mode is set around it, one statement after another on
     * this connection (in its transaction if it runs in one, so a ROLLBACK leaves the mode as it
     * was), and its answer given once the generic mode is back, before the pool can hand the
     * connection on.
     */
    private plannedByValues(args: unknown[], send: (...a: unknown[]) => never): never {
      const last = args[args.length - 1];
      const callback = typeof last === 'function' ? (last as (err: unknown, result?: unknown) => void) : undefined;
      const statement = callback ? args.slice(0, -1) : args;
      const setMode = (mode: string) => (send.call(this, `set plan_cache_mode = ${mode}`) as Promise<unknown>).catch(() => undefined);
      const answer = (async () => {
        await setMode(BY_VALUES);
        try {
          return await (send.apply(this, statement) as Promise<unknown>);
        } finally {
          await setMode(GENERIC);
        }
      })();
      if (!callback) return answer as never;
      answer.then(
        (result) => callback(undefined, result),
        (err: unknown) => callback(err),
      );
      return undefined as never;
    }
  };
}
