import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig as UserConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** In development, /p/{token} opens the client's page as the API server does in production. */
const clientLinkInDev: Plugin = {
  name: 'client-link-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/[ps]\/[^/?]+\/?(\?.*)?$/.test(req.url)) req.url = '/client-link.html';
      next();
    });
  },
};

export default defineConfig(({ command, mode }) => {
  // A production build is a production build whatever NODE_ENV the shell had: Vite takes an
  // inherited NODE_ENV=development (say `NODE_ENV=development pnpm start`, which builds first) as a
  // request for React's development runtime, three times the size. Vite reads it after this file.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return config;
});

const config = {
  plugins: [react(), tailwindcss(), clientLinkInDev],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Two pages: the signed-in app, and the client's link (/p/{token}), whose bundle loads none of the app.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'client-link': fileURLToPath(new URL('./client-link.html', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // One process and one module graph per worker for all its files (vitest's default starts a
    // process and imports React, the app and jsdom again for every file: ≈ 4× the CPU). What jsdom
    // cannot run is stood in for in every file alike (src/test/setup.ts), and a file that stubs a
    // global (fetch) removes its stub when it ends.
    isolate: false,
    // Whole pages rendered in jsdom take seconds on a loaded CI machine; one limit for all of them
    // (it ends a hang, it judges no speed), so no test carries its own.
    testTimeout: 30_000,
  },
} satisfies UserConfig;
