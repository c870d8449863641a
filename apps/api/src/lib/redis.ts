import { createClient } from 'redis';
import type { Logger } from 'pino';

/** The command channel of a connected node-redis client; absent means in-process counts. */
export type RedisCommand = (args: string[]) => Promise<unknown>;

export interface RedisConnection {
  command: RedisCommand;
  close: () => Promise<void>;
}

/** Shared rate-limit counts across API processes. Errors are logged, never fatal after start. */
export async function connectRedis(url: string, logger: Logger): Promise<RedisConnection> {
  // While Redis is unreachable, fail commands at once (the limiter then lets requests through)
  // instead of queueing them and holding every API request until it comes back.
  const client = createClient({ url, disableOfflineQueue: true });
  client.on('error', (err: unknown) => logger.warn({ err }, 'redis error'));
  await client.connect();
  return {
    command: (args) => client.sendCommand(args),
    close: async () => {
      if (client.isOpen) await client.close();
    },
  };
}
