/**
 * The system-load guard (new-api's performance monitor, middleware/performance.go there): with
 * `performance_setting.monitor_enabled` on, a relay call is refused with 503 in the client's format while the
 * machine's CPU, memory or disk use is above its threshold (`performance_setting.monitor_cpu_threshold`,
 * `…_memory_threshold`, `…_disk_threshold`, percentages; 0 leaves that check out). As in new-api, a use counts
 * as above when its whole percentage is greater than the threshold.
 *
 * The load is sampled on a timer (every SAMPLE_INTERVAL_MS while the guard is on, at once when a setting
 * changes), never per request: a call reads one field, the refusal already made. CPU is the share of
 * non-idle time of all cores since the previous sample (`os.cpus()`), memory the share not available
 * (`os.freemem()`, MemAvailable on Linux), disk the used share of the data folder's file system
 * (`fs.statfs`: used ÷ (used + available to the server), as `df` counts it).
 * docs/operations.md "System-load guard".
 */
import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { GatewayError } from '../../lib/errors.ts';
import { relayError } from './errors.ts';

export const SAMPLE_INTERVAL_MS = 5_000;

const SETTING_PREFIX = 'performance_setting.monitor_';

export interface LoadThresholds {
  enabled: boolean;
  cpu: number;
  memory: number;
  disk: number;
}

/** Percentages of use; null where it could not be measured (that check is then left out). */
export interface LoadSample {
  cpu: number | null;
  memory: number | null;
  disk: number | null;
}

/** The refusal a sample earns under the thresholds, or null (the checks in new-api's order). */
export function loadRefusal(thresholds: LoadThresholds, sample: LoadSample): GatewayError | null {
  if (!thresholds.enabled) return null;
  const checks = [
    ['cpu', 'CPU', thresholds.cpu, sample.cpu],
    ['memory', 'memory', thresholds.memory, sample.memory],
    ['disk', 'disk', thresholds.disk, sample.disk],
  ] as const;
  for (const [code, name, threshold, used] of checks) {
    if (threshold > 0 && used !== null && Math.trunc(used) > threshold)
      return relayError(
        503,
        `system_${code}_overloaded`,
        `the server's ${name} use (${Math.trunc(used)}%) is above the ${threshold}% the administrator set; try again later`,
      );
  }
  return null;
}

interface CpuTimes {
  busy: number;
  total: number;
}

function cpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** The folder whose file system the disk check reads: the SQLite file's, else the working directory. */
export function dataFolderOf(context: Pick<AppContext, 'config'>): string {
  const database = context.config.database;
  return database.dialect === 'sqlite' && database.path !== ':memory:'
    ? dirname(resolve(database.path))
    : process.cwd();
}

/** Samples the machine's load and keeps the refusal it earns under the current settings. */
export class LoadGuard {
  /** The refusal for relay calls while the load is above a threshold; null otherwise. */
  refusal: GatewayError | null = null;
  private timer: NodeJS.Timeout | null = null;
  private previousCpu: CpuTimes = cpuTimes();
  private sampling: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly context: Pick<AppContext, 'options' | 'config' | 'logger'>,
    private readonly intervalMs = SAMPLE_INTERVAL_MS,
  ) {}

  thresholds(): LoadThresholds {
    const options = this.context.options;
    return {
      enabled: options.getBoolean(`${SETTING_PREFIX}enabled`),
      cpu: options.getNumber(`${SETTING_PREFIX}cpu_threshold`),
      memory: options.getNumber(`${SETTING_PREFIX}memory_threshold`),
      disk: options.getNumber(`${SETTING_PREFIX}disk_threshold`),
    };
  }

  /** Follows the settings: sampling while enabled, nothing (and no refusal) while not. */
  start(): void {
    this.unsubscribe = this.context.options.onChange((key) => {
      if (key.startsWith(SETTING_PREFIX)) this.configure();
    });
    this.configure();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private configure(): void {
    if (!this.thresholds().enabled) {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
      this.refusal = null;
      return;
    }
    if (!this.timer) {
      this.timer = setInterval(() => void this.sample(), this.intervalMs);
      this.timer.unref();
    }
    void this.sample();
  }

  /** Takes one sample and updates the refusal (one sample at a time). */
  sample(): Promise<void> {
    this.sampling ??= this.takeSample().finally(() => {
      this.sampling = null;
    });
    return this.sampling;
  }

  private async takeSample(): Promise<void> {
    const now = cpuTimes();
    const elapsed = now.total - this.previousCpu.total;
    const cpu = elapsed > 0 ? ((now.busy - this.previousCpu.busy) / elapsed) * 100 : null;
    this.previousCpu = now;
    const total = totalmem();
    const memory = total > 0 ? ((total - freemem()) / total) * 100 : null;
    let disk: number | null = null;
    try {
      const stats = await statfs(dataFolderOf(this.context));
      const used = (stats.blocks - stats.bfree) * stats.bsize;
      const available = stats.bavail * stats.bsize;
      disk = used + available > 0 ? (used / (used + available)) * 100 : null;
    } catch (error) {
      this.context.logger.warn({ err: error }, 'the load guard could not read the data folder’s disk use');
    }
    this.refusal = loadRefusal(this.thresholds(), { cpu, memory, disk });
  }
}

const guards = new WeakMap<object, LoadGuard>();

/** The guard of an app (one per context), made on first use. */
export function loadGuardOf(context: AppContext): LoadGuard {
  let guard = guards.get(context);
  if (!guard) {
    guard = new LoadGuard(context);
    guards.set(context, guard);
  }
  return guard;
}

/** Starts the app's guard, stopped when the app closes. */
export function startLoadGuard(app: FastifyInstance, context: AppContext): LoadGuard {
  const guard = loadGuardOf(context);
  guard.start();
  app.addHook('onClose', (_instance, done) => {
    guard.stop();
    done();
  });
  return guard;
}

/**
 * An `onRequest` hook refusing relay calls while the guard holds a refusal: POST requests (model lists and
 * balance polls stay answered, as in new-api), or every request of the scope with `allMethods` (the
 * Realtime WebSocket's GET, task fetches). Rendered by the route's scope in the client's format.
 */
export function refuseWhenOverloaded(
  context: AppContext,
  { allMethods = false }: { allMethods?: boolean } = {},
): onRequestHookHandler {
  const guard = loadGuardOf(context);
  return (request, _reply, done) => {
    const refusal = guard.refusal;
    done(refusal !== null && (allMethods || request.method === 'POST') ? refusal : undefined);
  };
}
