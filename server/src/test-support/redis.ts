/** Redis for tests: used when it answers on 127.0.0.1:6379, otherwise suites skip with a visible message. */
import { Redis } from 'ioredis';

export const REDIS_TEST_URL = 'redis://127.0.0.1:6379/15';

let availability: Promise<string | null> | undefined;

/** Null when Redis answers, otherwise the reason its suites are skipped. */
export function redisSkipReason(): Promise<string | null> {
  availability ??= (async () => {
    const client = new Redis(REDIS_TEST_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
    });
    try {
      await client.connect();
      await client.ping();
      return null;
    } catch (error) {
      return (error as Error).message || 'connection failed';
    } finally {
      client.disconnect();
    }
  })().then((reason) => {
    if (reason) console.warn(`[switchyard tests] redis not reachable, its suites are SKIPPED: ${reason}`);
    return reason;
  });
  return availability;
}
