import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serve the built SPA from the same origin: hashed assets cached for a year, index.html
 * never cached, /p/{token} answered with the client's page, and any other non-/api GET
 * answered with index.html (client-side routes).
 */
export function serveWebApp(distDir: string) {
  const router = Router();
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) return router;
  router.use('/assets', express.static(path.join(root, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  // The client's link (/p/{token}, a statement's /s/{token}) is its own page and bundle: none of the signed-in app loads.
  // The token in its address is a password: never indexed, never sent on as a referrer.
  const clientLink = path.join(root, 'client-link.html');
  if (existsSync(clientLink)) {
    router.get(/^\/[ps]\/[^/]+\/?$/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.sendFile(clientLink);
    });
  }
  router.get(/.*/, (req, res, next) => {
    if (req.path.startsWith('/api')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
