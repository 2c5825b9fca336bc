/**
 * How busy the machine was with work other than the benchmark while a figure was measured. The load
 * average counts the benchmark's own processes too (a load generator, a fake and a relay make about 2
 * on their own), so it cannot tell a quiet machine from a busy one. This reads, around a measurement,
 * the CPU time the whole machine spent (/proc/stat) and the CPU time of the harness's own process tree
 * (the harness, every server and load generator it started, the workers they forked, and what they
 * have already reaped, from /proc/<pid>/stat); the difference is the other work, in cores. Linux only:
 * elsewhere it reports null, and the load average alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ticksPerSecond } from './process-stats.ts';

export interface LoadSample {
  atMs: number;
  /** Non-idle CPU ticks of the whole machine (null without /proc/stat). */
  machineTicks: number | null;
  /** CPU ticks of the harness's process tree, reaped children included. */
  ownTicks: number | null;
}

export interface LoadWindow {
  /** Cores kept busy by other work during the window, on average (null when unknown). */
  otherCores: number | null;
  /** The 1-minute load average at the window's end (the benchmark's own processes included). */
  loadAverage: number;
}

function machineTicks(): number | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal …: everything but idle and iowait was busy.
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields as number[];
    return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  } catch {
    return null;
  }
}

interface ProcessTimes {
  parent: number;
  /** utime + stime + cutime + cstime: its own time and that of the children it reaped. */
  ticks: number;
}

function processTable(): Map<number, ProcessTimes> | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const table = new Map<number, ProcessTimes>();
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the parenthesised command name (which may contain spaces): state is [0], ppid [1].
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      table.set(pid, { parent: Number(fields[1]), ticks });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return table;
}

function ownTicks(): number | null {
  const table = processTable();
  if (table === null || !table.has(process.pid)) return null;
  const children = new Map<number, number[]>();
  for (const [pid, times] of table) {
    const siblings = children.get(times.parent);
    if (siblings) siblings.push(pid);
    else children.set(times.parent, [pid]);
  }
  let total = 0;
  const pending = [process.pid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += table.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

export function sampleLoad(): LoadSample {
  return { atMs: performance.now(), machineTicks: machineTicks(), ownTicks: ownTicks() };
}

export function loadSince(before: LoadSample, after: LoadSample = sampleLoad()): LoadWindow {
  const seconds = (after.atMs - before.atMs) / 1000;
  const known =
    before.machineTicks !== null &&
    after.machineTicks !== null &&
    before.ownTicks !== null &&
    after.ownTicks !== null &&
    seconds > 0;
  const otherTicks = known
    ? after.machineTicks! - before.machineTicks! - (after.ownTicks! - before.ownTicks!)
    : null;
  return {
    otherCores: otherTicks === null ? null : Math.max(0, otherTicks / ticksPerSecond() / seconds),
    loadAverage: loadavg()[0]!,
  };
}

/** Runs a measurement and the load of the machine around it. */
export async function withLoad<T>(measure: () => Promise<T>): Promise<{ value: T; load: LoadWindow }> {
  const before = sampleLoad();
  const value = await measure();
  return { value, load: loadSince(before) };
}

/** Several windows as one: other cores averaged over the windows, the highest load average. */
export function combineLoads(windows: readonly LoadWindow[]): LoadWindow {
  const known = windows.filter((window) => window.otherCores !== null);
  return {
    otherCores:
      known.length === windows.length && known.length > 0
        ? known.reduce((sum, window) => sum + window.otherCores!, 0) / known.length
        : null,
    loadAverage: Math.max(0, ...windows.map((window) => window.loadAverage)),
  };
}

/** "other work 0.12 cores, load 2.31" for a report. */
export function describeLoad(load: LoadWindow): string {
  const other =
    load.otherCores === null ? 'other work n/a' : `other work ${load.otherCores.toFixed(2)} cores`;
  return `${other}, load ${load.loadAverage.toFixed(2)}`;
}
