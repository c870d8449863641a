import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serve the built SPA from the same origin: hashed assets cached for a year, index.html
 * never cached, and any other non-/api GET answered with index.html (client-side routes).
 */
export function serveWebApp(distDir: string) {
  const router = Router();
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return router;
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
