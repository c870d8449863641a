import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver whose zod schema is imported on demand. Zod is about a fifth of the
 * /login first load, and the sign-in screens only need it once the visitor submits: `preload()`
 * on mount fetches it while they type, and a submit before it arrives simply waits for it.
 * The schema is still the shared one from @docket/schemas (nothing is written twice).
 */
export function deferredZodResolver<TSchema extends z.ZodType<unknown, FieldValues>>(
  loadSchema: () => Promise<TSchema>,
): { resolver: Resolver<z.input<TSchema>, unknown, z.output<TSchema>>; preload: () => void } {
  let loading: Promise<Resolver<z.input<TSchema>, unknown, z.output<TSchema>>> | null = null;
  const load = () => {
    loading ??= loadSchema().then(
      (schema) => zodResolver(schema as never) as unknown as Resolver<z.input<TSchema>, unknown, z.output<TSchema>>,
      (error: unknown) => {
        loading = null; // let the next submit retry a failed chunk download
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => {
      load().catch(() => undefined);
    },
  };
}
