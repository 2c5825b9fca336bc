/**
 * What the harness reads about other processes. Memory: /proc/<pid>/status on Linux (VmRSS now, VmHWM
 * the kernel's own high-water mark), `ps -o rss=` elsewhere. CPU: user + system time from
 * /proc/<pid>/stat. Connections: established TCP connections to a local port from /proc/net/tcp*.
 * A PeakSampler polls any of these on an interval and keeps the peak.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const KIB = 1024;

function statusField(pid: number, field: string): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * KIB : null;
  } catch {
    return null;
  }
}

/** Current resident set size in bytes, or null when the process is gone. */
export function residentBytes(pid: number): number | null {
  const fromProc = statusField(pid, 'VmRSS');
  if (fromProc !== null) return fromProc;
  try {
    const output = execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return output === '' ? null : Number(output) * KIB;
  } catch {
    return null;
  }
}

let clockTicksPerSecond: number | undefined;

export function ticksPerSecond(): number {
  if (clockTicksPerSecond === undefined) {
    try {
      clockTicksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicksPerSecond = 100;
    }
  }
  return clockTicksPerSecond;
}

/** User + system CPU time the process has used, in milliseconds; null when unknown (not Linux). */
export function cpuMilliseconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name, which may itself contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const userTicks = Number(fields[11]);
    const systemTicks = Number(fields[12]);
    return ((userTicks + systemTicks) * 1000) / ticksPerSecond();
  } catch {
    return null;
  }
}

/** The kernel's peak resident set size since the process started (Linux only). */
export function peakResidentBytes(pid: number): number | null {
  return statusField(pid, 'VmHWM');
}

/**
 * Established TCP connections whose local end is 127.0.0.1:`port` (the server side of the connections to
 * a server listening there), from /proc/net/tcp and tcp6 (where IPv4 shows as ::ffff:127.0.0.1); null
 * when those files are unreadable. The address matters: another process may use the same port number
 * on another address.
 */
export function establishedConnections(port: number): number | null {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const locals = new Set([`0100007F:${portHex}`, `0000000000000000FFFF00000100007F:${portHex}`]);
  let count = 0;
  let readable = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let table: string;
    try {
      table = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    readable = true;
    for (const line of table.split('\n').slice(1)) {
      // "  sl  local_address rem_address   st …": local address is HEXIP:HEXPORT, state 01 = established.
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '01' && locals.has(fields[1] ?? '')) count += 1;
    }
  }
  return readable ? count : null;
}

export interface PeakSamples {
  peak: number;
  samples: number;
}

/** Polls a reading on an interval and keeps its peak (readings of null are skipped). */
export class PeakSampler {
  private peak = 0;
  private count = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly read: () => number | null,
    intervalMs: number,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    const value = this.read();
    if (value === null) return;
    this.count += 1;
    if (value > this.peak) this.peak = value;
  }

  stop(): PeakSamples {
    clearInterval(this.timer);
    this.sample();
    return { peak: this.peak, samples: this.count };
  }
}
