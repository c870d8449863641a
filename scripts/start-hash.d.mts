/** The files `pnpm start` hashes, relative to the repository root. */
export const INPUTS: readonly string[];
/** The SHA-256 of the build's inputs under `root`, and how many files went into it. */
export function sourceHash(root: string): { hash: string; files: number };
