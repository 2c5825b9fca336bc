/**
 * Summarises a V8 `.cpuprofile` (as the inspector's Profiler.stop returns it): self time per function and per
 * source (a package under node_modules, a file of ours, or Node's internals), heaviest first.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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

export interface ProfileSummary {
  file: string;
  /** Sampled time without the idle samples; shares are of this. */
  busyMs: number;
  functions: ProfileLine[];
  sources: ProfileLine[];
}

function sourceOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return `npm:${packageMatch[1]}`;
  const ours = /\/(server\/src\/.+|common\/.+|bench\/.+)$/.exec(url);
  return ours ? ours[1]! : url;
}

function ranked(totals: Map<string, number>, busyMs: number, limit: number): ProfileLine[] {
  return [...totals.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, limit)
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / busyMs }));
}

export function summarizeProfile(file: string, limit = 40): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const bySource = new Map<string, number>();
  let busyMs = 0;
  profile.samples.forEach((nodeId, index) => {
    const milliseconds = (profile.timeDeltas[index] ?? 0) / 1000;
    const node = nodes.get(nodeId);
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { functionName, url, lineNumber } = node.callFrame;
    const source = sourceOf(url, functionName);
    const name = `${functionName || '(anonymous)'} ${source}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + milliseconds);
    bySource.set(source, (bySource.get(source) ?? 0) + milliseconds);
    busyMs += milliseconds;
  });
  return {
    file,
    busyMs,
    functions: ranked(byFunction, busyMs, limit),
    sources: ranked(bySource, busyMs, limit),
  };
}

export function renderProfile(summary: ProfileSummary): string {
  const table = (title: string, lines: ProfileLine[]) => [
    `| ${title} | self ms | share |`,
    '|---|---:|---:|',
    ...lines.map(
      (line) => `| ${line.name} | ${line.selfMs.toFixed(0)} | ${(line.share * 100).toFixed(1)}% |`,
    ),
  ];
  return [
    `# CPU profile of the Switchyard process`,
    '',
    `File: ${summary.file} — ${summary.busyMs.toFixed(0)} ms of busy samples (idle excluded); shares are of that.`,
    '',
    ...table('Source', summary.sources),
    '',
    ...table('Function', summary.functions),
    '',
  ].join('\n');
}
