/**
 * Where one process's extra CPU per request goes against another's (Switchyard against the bare proxy,
 * both profiled during the same throughput rounds, bench/phases/relay-overhead.ts): self time per source
 * and per function in µs per request side by side, biggest difference first, and for the functions that
 * are not ours (Node's internals, npm packages, natives) which functions of ours they run under. The
 * profiler slows both processes, so absolute figures are inflated; the order of the differences is what
 * they tell.
 */
import { NOT_UNDER_OUR_CODE, type ProfileSummary, type Totals } from './cpu-profile.ts';

export interface ProfiledProcess {
  label: string;
  summary: ProfileSummary;
}

interface Difference {
  name: string;
  baseline: number;
  subject: number;
}

/** Totals in µs per request. */
function perRequestTotals(summary: ProfileSummary, totals: Totals): Totals {
  const requests = summary.requests ?? 1;
  return new Map([...totals].map(([name, milliseconds]) => [name, (milliseconds * 1000) / requests]));
}

function differences(baseline: Totals, subject: Totals): Difference[] {
  return [...new Set([...baseline.keys(), ...subject.keys()])]
    .map((name) => ({ name, baseline: baseline.get(name) ?? 0, subject: subject.get(name) ?? 0 }))
    .sort((left, right) => right.subject - right.baseline - (left.subject - left.baseline));
}

const sum = (totals: Totals) => [...totals.values()].reduce((total, value) => total + value, 0);
const micro = (value: number) => value.toFixed(1);

/** The heaviest functions of ours a function runs under in the subject, as "name (µs)". */
function callersOf(subject: ProfileSummary, name: string, limit = 3): string {
  const callers = subject.callers.get(name);
  if (!callers) return '';
  const requests = subject.requests ?? 1;
  return [...callers]
    .sort((left, right) => right[1] - left[1])
    .slice(0, limit)
    .map(
      ([caller, milliseconds]) =>
        `${caller === NOT_UNDER_OUR_CODE ? 'none' : caller} (${micro((milliseconds * 1000) / requests)})`,
    )
    .join('; ');
}

export function renderComparison(baseline: ProfiledProcess, subject: ProfiledProcess, limit = 40): string {
  const sources = differences(
    perRequestTotals(baseline.summary, baseline.summary.sources),
    perRequestTotals(subject.summary, subject.summary.sources),
  );
  const functions = differences(
    perRequestTotals(baseline.summary, baseline.summary.functions),
    perRequestTotals(subject.summary, subject.summary.functions),
  ).filter((line) => !subject.summary.ownCode.has(line.name) || line.baseline > 0);
  const notOurs = functions.filter((line) => subject.summary.callers.has(line.name)).slice(0, limit);
  const header = `| ${baseline.label} | ${subject.label} | difference |`;
  return [
    `# Where ${subject.label}'s CPU per request goes, against ${baseline.label}`,
    '',
    `Self time in µs per request while profiled (the profiler's own cost inflates every figure): ${baseline.label} ${micro(sum(perRequestTotals(baseline.summary, baseline.summary.sources)))}, ${subject.label} ${micro(sum(perRequestTotals(subject.summary, subject.summary.sources)))}.`,
    '',
    '## Per source',
    '',
    `| Source ${header}`,
    '|---|---:|---:|---:|',
    ...sources
      .slice(0, limit)
      .map(
        (line) =>
          `| ${line.name} | ${micro(line.baseline)} | ${micro(line.subject)} | ${micro(line.subject - line.baseline)} |`,
      ),
    '',
    `## Functions not ours (Node, npm, natives, the collector) that ${subject.label} spends more on`,
    '',
    `With the functions of ours they run under in ${subject.label} (µs per request).`,
    '',
    `| Function ${header} under |`,
    '|---|---:|---:|---:|---|',
    ...notOurs.map(
      (line) =>
        `| ${line.name} | ${micro(line.baseline)} | ${micro(line.subject)} | ${micro(line.subject - line.baseline)} | ${callersOf(subject.summary, line.name)} |`,
    ),
    '',
  ].join('\n');
}
