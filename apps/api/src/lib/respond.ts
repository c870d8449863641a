import type { Response } from 'express';
import type { TApiSuccess } from '@docket/schemas/errors';

export function sendData<T>(res: Response, data: T, status = 200): void {
  const body: TApiSuccess<T> = { success: true, data };
  res.status(status).json(body);
}
