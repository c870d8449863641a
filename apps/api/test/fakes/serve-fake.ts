/**
 * Runs a fake provider as its own process for the browser journeys (the web app's tests never
 * import the API's code): `node --import tsx test/fakes/serve-fake.ts stripe <secretKey>` prints
 * `FAKE_READY <baseURL>` and serves until killed. POST /_control/webhook {url, secret} tells it where
 * to send its signed webhooks (known only once the journey has saved the keys).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeGoCardless } from './fake-gocardless.ts';
import { startFakeStripe } from './fake-stripe.ts';

const [kind, secretKey] = process.argv.slice(2);
if ((kind !== 'stripe' && kind !== 'gocardless') || !secretKey) {
  process.stderr.write('usage: serve-fake.ts stripe|gocardless <secretKey>\n');
  process.exit(2);
}
const fake = kind === 'stripe' ? await startFakeStripe({ secretKey }) : await startFakeGoCardless({ accessToken: secretKey });

// The control port: separate from the provider's, so nothing an SDK sends can reach it.
const control = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/_control/webhook') {
      const { url, secret } = JSON.parse(body) as { url: string; secret: string };
      fake.configureWebhook(url, secret);
      res.end('{}');
      return;
    }
    res.statusCode = 404;
    res.end();
  });
});
await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
process.stdout.write(`FAKE_READY ${fake.base} http://127.0.0.1:${(control.address() as AddressInfo).port}\n`);
