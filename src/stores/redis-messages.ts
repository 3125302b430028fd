// Every line the Redis store shows the user when it cannot go on: one line each, naming the
// server (its password hidden) and what to do about it.

export const noRedisServer = (): string =>
  'no Redis: give --redis redis://HOST:PORT, or install a redis-server (Debian: apt-get install redis-server)';

export const badUrl = (url: string, why: string): string =>
  `bad Redis URL ${url}: ${why}; write it as redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]`;

export const refused = (url: string): string =>
  `cannot connect to Redis at ${url}: connection refused; start a redis-server there, or leave out --redis to use a temporary one`;

export const unknownHost = (url: string): string =>
  `cannot connect to Redis at ${url}: no such host; check the host name in the URL`;

export const noAnswer = (url: string, ms: number): string =>
  `no answer from Redis at ${url} within ${ms / 1000} s; check the host and port, and that a Redis server listens there`;

export const wrongPassword = (url: string, reply: string): string =>
  `Redis at ${url} refused the user or password (${reply}); check them in the URL`;

export const needsPassword = (url: string): string =>
  `Redis at ${url} needs a password; give it in the URL: redis://:PASSWORD@HOST:PORT`;

export const lost = (url: string, why: string): string => `lost the connection to Redis at ${url}: ${why}`;

export const replied = (url: string, reply: string): string => `Redis at ${url} answered with an error: ${reply}`;

export const noUsedMemory = (url: string): string =>
  `the server at ${url} gives no used_memory in INFO memory, so idemsim cannot measure a record there`;

export const scriptsFlushed = (url: string): string =>
  `Redis at ${url} lost idemsim's scripts in the middle of a batch (SCRIPT FLUSH or a restart); run again`;

export const serverFailed = (why: string, output: string): string =>
  `the temporary redis-server did not start: ${why}${output === '' ? '' : ` (it said: ${output})`}`;

/** host:port of a redis:// URL, for the line that says what is listening there. */
function hostPort(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port === '' ? '6379' : parsed.port}`;
  } catch {
    return url;
  }
}

export const notRedis = (url: string, why: string): string =>
  `${hostPort(url)} does not speak the Redis protocol (${why}); check that --redis ${url} names a Redis server`;
