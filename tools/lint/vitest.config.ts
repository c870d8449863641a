import { defineConfig } from 'vitest/config';

// Each test runs ESLint (and one spawns it): seconds on a loaded CI machine, so the 5 s default is too tight.
export default defineConfig({ test: { testTimeout: 60_000 } });
