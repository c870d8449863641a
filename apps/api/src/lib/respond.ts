import type { Response } from 'express';
import type { TApiSuccess } from '@docket/schemas/errors';
import { JsonText } from './json-text.ts';

/** `{success, data}`; data the database wrote as JSON text goes out as written, never parsed and stringified again. */
export function sendData<T>(res: Response, data: T, status = 200): void {
  if (data instanceof JsonText) {
    res.status(status).type('json').send(`{"success":true,"data":${data.text}}`);
    return;
  }
  const body: TApiSuccess<T> = { success: true, data };
  res.status(status).json(body);
}
