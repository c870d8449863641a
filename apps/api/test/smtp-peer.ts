import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { VERIFY_MESSAGES } from '@docket/schemas/email';

/**
 * A real SMTP server for tests, on a free port. `replies` scripts what it answers to each
 * message in turn (250 = accept, 451 = try later, 550 = refuse); after the script it accepts.
 */
export interface SmtpPeer {
  url: string;
  port: number;
  /** accepted messages, except accounts' own verification links (kept apart in `verifications`) */
  received: ParsedMail[];
  verifications: ParsedMail[];
  /** envelope recipients per accepted message */
  envelopes: string[][];
  replies: number[];
  /** how many messages reached DATA (accepted or not) */
  tries: number;
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** runs after a message is taken and before its 250 goes back (a test kills the sender here) */
  beforeReply?: (mail: ParsedMail) => Promise<void> | void;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const peer: SmtpPeer = {
    url: '',
    port: 0,
    received: [],
    verifications: [],
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
        void simpleParser(Buffer.concat(chunks)).then(async (mail) => {
          // Every sign-up queues one: tests that count document mail count without them, and
          // they take no scripted reply.
          if (mail.subject === VERIFY_MESSAGES.subject) {
            peer.verifications.push(mail);
            callback();
            return;
          }
          peer.tries++;
          const code = peer.replies.shift() ?? 250;
          if (code !== 250) {
            const err = Object.assign(new Error(code === 451 ? 'Greylisted, try again later' : 'Mailbox unavailable: no such user'), {
              responseCode: code,
            });
            callback(err);
            return;
          }
          peer.received.push(mail);
          peer.envelopes.push(session.envelope.rcptTo.map((r) => r.address));
          await peer.beforeReply?.(mail);
          callback();
        });
      });
    },
  });
  // A sender killed mid-message (the crash tests do it on purpose) resets its connection inside a
  // transaction; smtp-server reports that on the server, and with no listener it would be thrown.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  return peer;
}
