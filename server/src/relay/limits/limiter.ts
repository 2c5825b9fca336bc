/**
 * The one limiter (./types.ts): in memory with one instance, in Redis with several.
 * SHELL — to be replaced by the limiter's implementation (helper A).
 */
import type { Redis } from 'ioredis';
import type { Limiter } from './types.ts';

export interface LimiterOptions {
  redis?: Redis | null;
  keyPrefix?: string;
  onError?: (error: Error) => void;
  now?: () => number;
}

export function createLimiter(_options: LimiterOptions = {}): Limiter {
  return {
    admit: () => ({ refused: false, requests: null, tokens: null }),
    settle: () => undefined,
    usage: async () => [],
  };
}
