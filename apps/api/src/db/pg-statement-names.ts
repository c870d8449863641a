import { createHash } from 'node:crypto';
import pg from 'pg';

/** A search's best plan depends on its term (documents/document-search.ts): planned with it, each time. */
const SEARCH = /\s(i)?like\s/i;
/** Statements named per process at most; beyond, each new text is sent unnamed, as before. */
const MAX_NAMED = 400;

const names = new Map<string, string>();

/**
 * The name a statement is prepared under on every pooled connection, from its text (so two texts
 * never share one), or undefined for a search and once MAX_NAMED texts have names: each
 * connection keeps what it prepared until it closes, so the count is bounded here.
 */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED || SEARCH.test(text)) return known;
  const name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * A pg client that prepares every statement with values under a name (statementName), so each
 * pooled connection parses and plans it once, as PGlite's thread does (docs/reliability.md,
 * "Statements parsed once"); drizzle names only the statements it is asked to prepare. A
 * statement without values keeps the simple protocol, which a name would turn into the extended
 * one: a script of several statements (a migration) cannot be prepared.
 */
export class NamingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args as [QueryConfig | string, unknown];
    if (config !== null && typeof config === 'object' && typeof config.text === 'string' && config.name === undefined && config.submit === undefined) {
      const given = Array.isArray(values) ? values : config.values;
      const name = Array.isArray(given) && given.length > 0 ? statementName(config.text) : undefined;
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
