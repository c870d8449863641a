import type { Response } from 'express';
import type { TApiSuccess } from '@docket/schemas/errors';
import { withoutMoney } from '@docket/schemas/account';
import { JsonText } from './json-text.ts';

/**
 * An engineer of an account whose "Engineers see prices" is off gets no money field in any answer
 * (docs/product.md, "Accounts and roles"): left out here, the one place every JSON answer passes.
 */
const hidesPrices = (res: Response) => {
  const account = res.req.account;
  return account?.role === 'ENGINEER' && !account.engineersSeePrices;
};

const SUCCESS_OPEN = Buffer.from('{"success":true,"data":');
const SUCCESS_CLOSE = Buffer.from('}');

/** `{success, data}`; data the database wrote as JSON text goes out as written, never parsed and stringified again. */
export function sendData<T>(res: Response, data: T, status = 200): void {
  if (hidesPrices(res)) {
    const plain = data instanceof JsonText ? (JSON.parse(data.text) as unknown) : data;
    res.status(status).json({ success: true, data: withoutMoney(plain) });
    return;
  }
  if (data instanceof JsonText) {
    const { body } = data;
    // Express turns a text of 1,000 characters or more into UTF-8 bytes before it sends it; an
    // answer already held as bytes (a page of kept invoice answers) is only copied.
    res
      .status(status)
      .type('json')
      .send(typeof body === 'string' ? `{"success":true,"data":${body}}` : Buffer.concat([SUCCESS_OPEN, body, SUCCESS_CLOSE]));
    return;
  }
  const body: TApiSuccess<T> = { success: true, data };
  res.status(status).json(body);
}
