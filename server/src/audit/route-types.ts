/**
 * The shape of the audited-route table (./routes-table.ts): what each console route records, and how the
 * hooks (./hooks.ts) find an entry. New routes are audited by adding an entry, not by editing their files.
 */
import type { AppContext } from '../context.ts';
import type { State } from './diff.ts';

export const AUDIT_TARGET_TYPES = [
  'channel',
  'option',
  'user',
  'redemption',
  'order',
  'model',
  'vendor',
  'log',
  'system',
  'subscription',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What a loader or an id reader sees of the request (and, after the handler, of the reply). */
export interface AuditInput {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The reply's `data` (after the handler; undefined before). */
  data: unknown;
  /** The caller's role (0 when not signed in). */
  role: number;
}

/** A target as read from the database: its state and, when known, its id, name and (users) role. */
export interface TargetSnapshot {
  id?: string | number;
  name?: string;
  role?: number;
  state: State | null;
}

export type SnapshotLoader = (context: AppContext, input: AuditInput) => Promise<TargetSnapshot | null>;

export interface AuditRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route pattern as registered (request.routeOptions.url). */
  url: string;
  action: string;
  targetType: AuditTargetType;
  /** The target's id from the request (params, body or query); loaders may give it too. */
  targetId?: (input: AuditInput) => unknown;
  /** Read before the handler runs (after the route's own guard). */
  before?: SnapshotLoader;
  /** Read after a successful reply. */
  after?: SnapshotLoader;
  /** Top-level fields whose values are secret (default: server/src/audit/mask.ts isSecretField). */
  secretFields?: (input: AuditInput) => (field: string) => boolean;
  /** Record only calls for which this holds (e.g. a channel read that returns the key: root only). */
  when?: (input: AuditInput) => boolean;
  /**
   * A sign-in: the actor is the user the reply signs in; a failure records the username tried (never the
   * password) from `body.username`, or the user of the pending two-factor step.
   */
  signIn?: boolean;
  /** A short note for the row (e.g. the manage action or the OAuth provider). */
  note?: (input: AuditInput) => string;
}

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/** An index of the table by method and pattern. Throws on duplicates (a table mistake). */
export function indexAuditRoutes(routes: readonly AuditRoute[]): Map<string, AuditRoute> {
  const index = new Map<string, AuditRoute>();
  for (const route of routes) {
    const key = routeKey(route.method, route.url);
    if (index.has(key)) throw new Error(`audit route listed twice: ${key}`);
    index.set(key, route);
  }
  return index;
}

/** The entry of a registered route, if it is audited. */
export function findAuditRoute(
  index: ReadonlyMap<string, AuditRoute>,
  method: string,
  url: string,
): AuditRoute | undefined {
  return index.get(routeKey(method, url));
}
