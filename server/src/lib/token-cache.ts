/**
 * Access tokens obtained by a network exchange (Vertex AI's OAuth grant, Baidu's client-credentials
 * grant), cached per credential until their expiry, with concurrent callers sharing one exchange.
 */

export interface ExpiringToken {
  token: string;
  /** Epoch milliseconds after which the token is fetched again (the refresh margin already taken off). */
  expiresAt: number;
}

export class TokenCache {
  private readonly tokens = new Map<string, ExpiringToken>();
  private readonly pending = new Map<string, Promise<ExpiringToken>>();

  /** A valid token for `key` (an opaque digest of the credential), fetched by `exchange` when needed. */
  async get(key: string, exchange: () => Promise<ExpiringToken>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    let running = this.pending.get(key);
    if (!running) {
      running = exchange().finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    const fresh = await running;
    this.tokens.set(key, fresh);
    return fresh.token;
  }

  /** Forgets a token the upstream refused, so the next call exchanges again. */
  forget(key: string): void {
    this.tokens.delete(key);
  }
}
