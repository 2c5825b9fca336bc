/** Whether the Redis a bench phase needs answers (phases 6 and 7 skip their Redis rounds when not). */
import { Redis } from 'ioredis';

/** Null when Redis at `url` answers a PING within a second, else why not. */
export async function redisProblem(url: string): Promise<string | null> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `Redis at ${url} did not answer: ${(error as Error).message}`;
  } finally {
    client.disconnect();
  }
}
