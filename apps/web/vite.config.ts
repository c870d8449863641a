import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig as UserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command, mode }) => {
  // A production build is a production build whatever NODE_ENV the shell had: Vite takes an
  // inherited NODE_ENV=development (say `NODE_ENV=development pnpm start`, which builds first) as a
  // request for React's development runtime, three times the size. Vite reads it after this file.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return config;
});

const config = {
  plugins: [react(), tailwindcss()],
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
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
} satisfies UserConfig;
