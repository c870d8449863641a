import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';

const configFile = path.resolve(import.meta.dirname, '../../vite.config.ts');
const inherited = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = inherited;
});

describe('the production build', () => {
  it('when the shell says NODE_ENV=development (as `NODE_ENV=development pnpm start` does), then vite build is still a production build', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile, logLevel: 'silent' }, 'build', 'production');
    expect(config.isProduction).toBe(true);
    expect(process.env.NODE_ENV).toBe('production');
  });

  it('when the dev server starts with NODE_ENV=development, then it stays a development server', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ configFile, logLevel: 'silent' }, 'serve', 'development');
    expect(config.isProduction).toBe(false);
  });
});
