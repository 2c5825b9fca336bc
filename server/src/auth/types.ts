/** The authenticated caller of a console API request. */
import type { Language } from '../lib/messages.ts';

export interface AuthUser {
  id: number;
  username: string;
  displayName: string;
  role: number;
  status: number;
  group: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication guard; null on public routes. */
    user: AuthUser | null;
    /** The language of messages for this request (from Accept-Language). */
    language: Language;
  }
  interface FastifyContextConfig {
    /** `critical` applies the strict per-IP limit of login, registration, verification, reset, OAuth, top-up. */
    ipLimit?: 'critical';
  }
}
