import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface FakeStripe {
  /** the API base the app's Stripe SDK is pointed at (STRIPE_API_BASE) */
  base: string;
  /** where a journey tells the fake which webhook URL and secret to sign for */
  control: string;
  child: ChildProcess;
}

/**
 * The API's fake Stripe (apps/api/test/fakes) as its own process, answering for `secretKey`: the
 * web's journeys never import the API's code.
 */
export async function startFakeStripe(repoRoot: string, secretKey: string): Promise<FakeStripe> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/serve-fake.ts', 'stripe', secretKey], {
    cwd: path.join(repoRoot, 'apps/api'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = /FAKE_READY (\S+) (\S+)/.exec(out);
      if (line) resolve(line[0]);
    });
    child.once('exit', (code) => reject(new Error(`fake Stripe exited with ${code}`)));
  });
  const [, base, control] = ready.split(' ');
  return { base: base!, control: control!, child };
}
