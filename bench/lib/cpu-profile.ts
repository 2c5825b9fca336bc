/**
 * Summarises a V8 `.cpuprofile` (as the inspector's Profiler.stop or `node --cpu-prof` writes it). Frames
 * of the compiled bundle (dist/server/main.js) are mapped back to their source file and line through the
 * bundle's source map, so the tables name server/src files, not one bundle. Three views, heaviest first:
 * - self time per source: our files, each npm package, Node's internals, V8's natives and builtins
 *   (JSON, RegExp, string work), the garbage collector;
 * - self time per function;
 * - our functions, each charged with its self time plus the natives it calls directly (the JSON.parse or
 *   RegExp exec a function of ours asks for is its cost), not with the npm or Node code it calls (a bare
 *   relay pays much of that too): the list of what Switchyard's own code costs; and beside it, what each
 *   costs with the npm and Node code it calls as well (down to the next function of ours).
 * The totals are kept whole for bench/lib/profile-comparison.ts, which sets two profiles side by side.
 * With a request count, every figure is also given in microseconds per request.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BUNDLE } from './start-flags.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  selfMs: number;
  share: number;
}

/** Milliseconds per name, whole (not cut to the heaviest). */
export type Totals = Map<string, number>;

export interface ProfileSummary {
  file: string;
  /** Sampled time without the idle samples; shares are of this. */
  busyMs: number;
  /** Requests the process served while it was profiled, when known. */
  requests: number | null;
  /** Self time per function (`name source:line`). */
  functions: Totals;
  /** Self time per source. */
  sources: Totals;
  /** Our functions with the natives they call directly. */
  ownCode: Totals;
  /** Our functions with everything they call down to the next function of ours. */
  ownCodeInclusive: Totals;
  /** For each function not ours: its time under each nearest function of ours (or none). */
  callers: Map<string, Totals>;
}

/** The time no function of ours is on the stack for (the event loop, sockets, timers). */
export const NOT_UNDER_OUR_CODE = '(no function of ours on the stack)';

/** Where a frame's code lives, after the source map. */
interface Located {
  /**
   * `server/src/relay/call/pipeline.ts`, `npm:undici`, `node internals`, `(native)`, `(garbage collector)`…
   */
  source: string;
  /** 1-based line in that source, when it is a file. */
  line: number | null;
  ours: boolean;
  native: boolean;
}

const OUR_FILE = /(?:^|\/)((?:server\/src|common|bench)\/.+)$/;

class FrameLocator {
  private readonly maps = new Map<string, SourceMap | null>();

  /** `sourceMapCopy`: the map of the bundle as it was when the profiled process loaded it. */
  constructor(private readonly sourceMapCopy: string | null) {}

  private sourceMap(url: string): SourceMap | null {
    let map = this.maps.get(url);
    if (map === undefined) {
      map = null;
      try {
        const path = url.startsWith('file:') ? fileURLToPath(url) : url;
        const mapPath = this.sourceMapCopy && url.endsWith(BUNDLE) ? this.sourceMapCopy : `${path}.map`;
        if (existsSync(mapPath)) map = new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8')));
      } catch {
        map = null;
      }
      this.maps.set(url, map);
    }
    return map;
  }

  locate(frame: CallFrame): Located {
    const { url, functionName } = frame;
    if (url === '') {
      const special = functionName.startsWith('(');
      return { source: special ? functionName : '(native)', line: null, ours: false, native: !special };
    }
    if (url.startsWith('node:')) return { source: 'node internals', line: null, ours: false, native: false };
    const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (packageMatch) return { source: `npm:${packageMatch[1]}`, line: null, ours: false, native: false };
    const map = url.endsWith('.js') ? this.sourceMap(url) : null;
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
      | { originalSource?: string; originalLine?: number }
      | undefined;
    const original = entry?.originalSource ?? url;
    const line = entry?.originalLine ?? frame.lineNumber;
    const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(original);
    if (npm) return { source: `npm:${npm[1]}`, line: null, ours: false, native: false };
    const ours = OUR_FILE.exec(original);
    return ours
      ? { source: ours[1]!, line: line + 1, ours: true, native: false }
      : { source: original, line: line + 1, ours: false, native: false };
  }
}

export function ranked(totals: Totals, busyMs: number, limit: number): ProfileLine[] {
  return [...totals.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, limit)
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / busyMs }));
}

const add = (totals: Totals, name: string, milliseconds: number) =>
  totals.set(name, (totals.get(name) ?? 0) + milliseconds);

/**
 * `sourceMapCopy`: a copy of dist/server/main.js.map taken when the profiled server started (the bundle
 * on disk may have been rebuilt since, by a test run); without it the map beside the bundle is read.
 */
export function summarizeProfile(
  file: string,
  requests: number | null = null,
  sourceMapCopy: string | null = null,
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const locator = new FrameLocator(sourceMapCopy);
  const located = new Map<number, Located>();
  const where = (id: number): Located => {
    let found = located.get(id);
    if (found === undefined) {
      found = locator.locate(nodes.get(id)!.callFrame);
      located.set(id, found);
    }
    return found;
  };
  const functionName = (id: number) => {
    const { functionName: name } = nodes.get(id)!.callFrame;
    const place = where(id);
    return `${name || '(anonymous)'} ${place.source}${place.line === null ? '' : `:${place.line}`}`;
  };
  /** The nearest frame of ours at or above a node, or undefined. */
  const nearestOurs = (id: number): number | undefined => {
    let current: number | undefined = id;
    while (current !== undefined && !where(current).ours) current = parents.get(current);
    return current;
  };

  const summary: ProfileSummary = {
    file,
    busyMs: 0,
    requests,
    functions: new Map(),
    sources: new Map(),
    ownCode: new Map(),
    ownCodeInclusive: new Map(),
    callers: new Map(),
  };
  profile.samples.forEach((nodeId, index) => {
    const milliseconds = (profile.timeDeltas[index] ?? 0) / 1000;
    const node = nodes.get(nodeId);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const place = where(nodeId);
    const name = functionName(nodeId);
    add(summary.functions, name, milliseconds);
    add(summary.sources, place.source, milliseconds);
    summary.busyMs += milliseconds;
    // Natives are charged to the first caller that is not native, when that caller is ours.
    let charged = nodeId;
    while (where(charged).native && parents.has(charged)) charged = parents.get(charged)!;
    if (where(charged).ours) add(summary.ownCode, functionName(charged), milliseconds);
    const ours = nearestOurs(nodeId);
    if (ours !== undefined) add(summary.ownCodeInclusive, functionName(ours), milliseconds);
    if (!place.ours) {
      let callers = summary.callers.get(name);
      if (callers === undefined) {
        callers = new Map();
        summary.callers.set(name, callers);
      }
      add(callers, ours === undefined ? NOT_UNDER_OUR_CODE : functionName(ours), milliseconds);
    }
  });
  return summary;
}

/** Milliseconds in µs per request, or '—' when the request count is unknown. */
export function perRequest(summary: ProfileSummary, milliseconds: number): string {
  return summary.requests ? `${((milliseconds * 1000) / summary.requests).toFixed(1)}` : '—';
}

export function renderProfile(summary: ProfileSummary, title: string, limit = 40): string {
  const table = (heading: string, totals: Totals) => [
    `| ${heading} | ms | µs per request | share |`,
    '|---|---:|---:|---:|',
    ...ranked(totals, summary.busyMs, limit).map(
      (line) =>
        `| ${line.name} | ${line.selfMs.toFixed(0)} | ${perRequest(summary, line.selfMs)} | ${(line.share * 100).toFixed(1)}% |`,
    ),
  ];
  const ownTotal = [...summary.ownCode.values()].reduce((sum, value) => sum + value, 0);
  return [
    `# CPU profile of ${title}`,
    '',
    `File: ${summary.file} — ${summary.busyMs.toFixed(0)} ms of busy samples (idle excluded); shares are of that.` +
      (summary.requests ? ` ${summary.requests} requests served while profiled.` : ''),
    '',
    '## Self time per source',
    '',
    ...table('Source', summary.sources),
    '',
    '## Our code: self time plus the natives it calls directly',
    '',
    `All our functions: ${ownTotal.toFixed(0)} ms (${perRequest(summary, ownTotal)} µs per request).`,
    '',
    ...table('Function', summary.ownCode),
    '',
    '## Our code with the npm and Node code it calls (down to the next function of ours)',
    '',
    ...table('Function', summary.ownCodeInclusive),
    '',
    '## Self time per function',
    '',
    ...table('Function', summary.functions),
    '',
  ].join('\n');
}
