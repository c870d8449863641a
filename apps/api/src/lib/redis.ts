import type { Logger } from 'pino';

/** The command channel of a connected node-redis client; absent means in-process counts. */
export type RedisCommand = (args: string[]) => Promise<unknown>;

export interface RedisConnection {
  command: RedisCommand;
  close: () => Promise<void>;
}

/** Shared rate-limit counts across API processes. Errors are logged, never fatal after start. */
export async function connectRedis(url: string, logger: Logger): Promise<RedisConnection> {
  // Loaded here, not at start-up: a process without REDIS_URL never needs the client (190 ms of
  // a start's CPU to load).
  const { createClient } = await import('redis');
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
