import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server for tests, on a free port. `replies` scripts what it answers to each
 * message in turn (250 = accept, 451 = try later, 550 = refuse); after the script it accepts.
 */
export interface SmtpPeer {
  url: string;
  port: number;
  received: ParsedMail[];
  /** envelope recipients per accepted message */
  envelopes: string[][];
  replies: number[];
  /** how many messages reached DATA (accepted or not) */
  tries: number;
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const peer: SmtpPeer = {
    url: '',
    port: 0,
    received: [],
    envelopes: [],
    replies: [],
    tries: 0,
    async waitFor(n, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      while (peer.received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} messages, got ${peer.received.length}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return peer.received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        peer.tries++;
        const code = peer.replies.shift() ?? 250;
        if (code !== 250) {
          const err = Object.assign(new Error(code === 451 ? 'Greylisted, try again later' : 'Mailbox unavailable: no such user'), {
            responseCode: code,
          });
          callback(err);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          peer.received.push(mail);
          peer.envelopes.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  return peer;
}
