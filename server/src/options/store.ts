/**
 * The options cache (principle 1 of docs/reference/design-principles.md: the hot path never waits on the database). All values live in
 * memory, merged over the catalogue's defaults; writes go to the `options` table first, then to the
 * cache, then to `onChange` subscribers. `startSync` reloads the table every SYNC_FREQUENCY seconds so
 * several instances converge. Values are strings, exactly as they travel and are stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OptionEntry } from '../../../common/api/options.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import type { CacheBus } from '../lib/cache-bus.ts';
import {
  isInternalOptionKey,
  isSecretOptionKey,
  optionCatalogue,
  optionDefaults,
  optionDefinition,
} from './catalogue.ts';
import { validateOptionValue } from './validate.ts';

export type { OptionEntry };
export type OptionStoreLogger = Pick<FastifyBaseLogger, 'warn' | 'error'>;
export type OptionChangeListener = (key: string, value: string) => void;

interface ParsedJson {
  raw: string;
  parsed: unknown;
}

const defaultValues: Readonly<Record<string, string>> = Object.freeze(optionDefaults());

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export class OptionStore {
  private values = new Map<string, string>(Object.entries(defaultValues));
  private readonly parsedJson = new Map<string, ParsedJson>();
  private readonly listeners = new Set<OptionChangeListener>();
  private syncTimer: NodeJS.Timeout | null = null;
  private loading: Promise<void> | null = null;
  /** Keys written while a load is reading the table: the load must not overwrite them with older rows. */
  private writesDuringLoad: Set<string> | null = null;
  private changeCount = 0;
  private bus: CacheBus | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger?: OptionStoreLogger,
  ) {}

  /** Increases whenever any value changes; lets callers memoise what they derive from options. */
  get revision(): number {
    return this.changeCount;
  }

  /**
   * Reads every row and merges it over the defaults. Rows of keys the catalogue does not know (an
   * adopted one-api/new-api database) are kept as they are, without validation. Concurrent calls share
   * one read.
   */
  load(): Promise<void> {
    if (!this.loading) {
      this.loading = this.readTable().finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  /** Announces this process's writes to the other instances (Redis pub/sub), which then reload. */
  share(bus: CacheBus): void {
    this.bus = bus;
  }

  /** Reloads every `intervalSeconds` (SYNC_FREQUENCY) until `stop()`. */
  startSync(intervalSeconds: number): void {
    this.stop();
    this.syncTimer = setInterval(() => {
      this.load().catch((error: unknown) => this.logger?.error({ err: error }, 'option sync failed'));
    }, intervalSeconds * 1000);
    this.syncTimer.unref();
  }

  stop(): void {
    if (this.syncTimer) clearInterval(this.syncTimer);
    this.syncTimer = null;
  }

  /** The value of `key`, its default when never set, or '' for a key nobody knows. */
  get(key: string): string {
    return this.values.get(key) ?? '';
  }

  getBoolean(key: string): boolean {
    return this.get(key).trim().toLowerCase() === 'true';
  }

  /** The numeric value; an unparsable stored value falls back to the default (or 0). */
  getNumber(key: string): number {
    const parsed = parseNumber(this.get(key));
    if (parsed !== null) return parsed;
    return parseNumber(defaultValues[key] ?? '') ?? 0;
  }

  /**
   * The parsed JSON value, parsed once per stored value and shared between callers: it is deeply
   * frozen, copy it before changing it. A value that does not parse, or does not have its catalogue
   * shape, gives the default (logged once); an unknown key without valid JSON gives null.
   */
  getJson<T>(key: string): T {
    const raw = this.get(key);
    const cached = this.parsedJson.get(key);
    if (cached && cached.raw === raw) return cached.parsed as T;
    const parsed = deepFreeze(this.parseJsonValue(key, raw));
    this.parsedJson.set(key, { raw, parsed });
    return parsed as T;
  }

  /**
   * Validates `value` by the catalogue (throws a GatewayError), stores it (trailing slashes stripped,
   * numbers and booleans normalised), updates the cache at once and notifies subscribers.
   */
  async set(key: string, value: string): Promise<void> {
    const stored = validateOptionValue(key, value, (other) => this.get(other));
    await this.write(key, stored);
  }

  /** Restores the catalogue default of `key`. */
  async reset(key: string): Promise<void> {
    const definition = optionDefinition(key);
    if (!definition) throw new Error(`reset of an option outside the catalogue: ${key}`);
    await this.write(key, definition.defaultValue);
  }

  /** Stores a server-only value (key starting with `internal.`): never validated, never listed. */
  async setInternal(key: string, value: string): Promise<void> {
    if (!isInternalOptionKey(key)) throw new Error(`internal option keys start with "internal.": ${key}`);
    await this.write(key, value);
  }

  /**
   * The stored value of a server-only key, storing `candidate` first if the key has none: the first
   * process to store one wins, and every process (several instances or workers booting together on one
   * database) gets that same value. Nothing is overwritten.
   */
  async claimInternal(key: string, candidate: string): Promise<string> {
    if (!isInternalOptionKey(key)) throw new Error(`internal option keys start with "internal.": ${key}`);
    await this.insertRow(key, candidate, 'keep');
    const row = await this.database.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    const value = row?.value ?? candidate;
    this.remember(key, value);
    return value;
  }

  /**
   * Every option the console may read, as strings: all but secrets (keys ending in token, secret or key,
   * except TurnstileSiteKey) and internal.* keys.
   */
  listForConsole(): OptionEntry[] {
    const entries: OptionEntry[] = [];
    for (const [key, value] of this.values) {
      if (!isSecretOptionKey(key) && !isInternalOptionKey(key)) entries.push({ key, value });
    }
    return entries;
  }

  /** Calls `listener(key, value)` after every change (local writes and changes seen by a reload). */
  onChange(listener: OptionChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async readTable(): Promise<void> {
    const writes = new Set<string>();
    this.writesDuringLoad = writes;
    try {
      const rows = await this.database.db.selectFrom('options').select(['key', 'value']).execute();
      const next = new Map<string, string>(Object.entries(defaultValues));
      for (const row of rows) next.set(row.key, row.value ?? '');
      for (const key of writes) next.set(key, this.get(key));
      const previous = this.values;
      this.values = next;
      const changed = new Set<string>();
      for (const [key, value] of next) if (previous.get(key) !== value) changed.add(key);
      for (const key of previous.keys()) if (!next.has(key)) changed.add(key);
      for (const key of changed) this.announce(key, this.get(key));
    } finally {
      if (this.writesDuringLoad === writes) this.writesDuringLoad = null;
    }
  }

  private async write(key: string, value: string): Promise<void> {
    await this.insertRow(key, value, 'replace');
    this.bus?.publish({ kind: 'options' });
    this.remember(key, value);
  }

  /** Stores a row; an existing row of the key is replaced, or kept as it is. */
  private async insertRow(key: string, value: string, existing: 'replace' | 'keep'): Promise<void> {
    const { db, dialect } = this.database;
    const insert = db.insertInto('options').values({ key, value });
    if (dialect === 'mysql') {
      await (existing === 'replace' ? insert.onDuplicateKeyUpdate({ value }) : insert.ignore()).execute();
    } else {
      await insert
        .onConflict((conflict) =>
          existing === 'replace'
            ? conflict.column('key').doUpdateSet({ value })
            : conflict.column('key').doNothing(),
        )
        .execute();
    }
  }

  /** The cache takes a value just stored (a load running meanwhile must not overwrite it); subscribers hear of a change. */
  private remember(key: string, value: string): void {
    this.writesDuringLoad?.add(key);
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    this.announce(key, value);
  }

  private announce(key: string, value: string): void {
    this.changeCount += 1;
    for (const listener of this.listeners) {
      try {
        listener(key, value);
      } catch (error) {
        this.logger?.error({ err: error, key }, 'option change listener failed');
      }
    }
  }

  private parseJsonValue(key: string, raw: string): unknown {
    const definition = optionCatalogue.get(key);
    const shape = definition?.kind === 'json' ? definition.shape : undefined;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!shape || shape.schema.safeParse(parsed).success) return parsed;
    } catch {
      // handled below
    }
    if (!definition || !shape) return null;
    this.logger?.warn({ key }, 'option holds invalid JSON for its kind; using the default');
    return JSON.parse(definition.defaultValue);
  }
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}
