import { isUtf8 } from 'node:buffer';
import express, { type RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';

export const INVALID_UTF8 = 'Request body must be valid UTF-8 text';
export const TOO_DEEP = 'Request body is nested too deeply';
/** No request of ours nests deeper than a few levels; a deeper body is hostile (or a bug) and is refused. */
const MAX_DEPTH = 32;

/** Deepest nesting of objects and arrays in JSON text, brackets inside strings ignored; stops past the limit. */
function tooDeep(buf: Buffer): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export const NOT_JSON = 'Request body must be JSON (Content-Type: application/json)';

/** A body in another format would otherwise be ignored and the request run as if empty. */
const requireJsonType: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json')) throw AppError.badRequest(NOT_JSON, { _: NOT_JSON });
  next();
};

/**
 * express.json that refuses bytes which are not UTF-8: the default decoder silently turns them
 * into U+FFFD, so a broken client would store "�" in a name instead of hearing about it.
 */
export function jsonBody(limit: string): RequestHandler[] {
  const parser = express.json({
    limit,
    verify: (_req, _res, buf, encoding) => {
      if (/^utf-?8$/i.test(encoding) && !isUtf8(buf)) throw AppError.badRequest(INVALID_UTF8, { _: INVALID_UTF8 });
      if (tooDeep(buf)) throw AppError.badRequest(TOO_DEEP, { _: TOO_DEEP });
    },
  });
  return [requireJsonType, parser];
}
