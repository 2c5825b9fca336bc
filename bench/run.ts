/**
 * Switchyard's benchmark harness (`npm run bench`). In one run, on 127.0.0.1 only:
 *   1. non-stream throughput at 64 connections: direct to the fake upstream, a bare Node proxy, Switchyard;
 *   2. non-stream latency at one connection, as wrk measures it (back to back) and with our own client;
 *   3. stream time-to-first-byte added by Switchyard;
 *   4. 1,000 concurrent slow streams through Switchyard: peak RSS and exact billing of every stream;
 *   5. converted paths (Claude in → OpenAI out, OpenAI in → Claude out) against pass-through: CPU per call;
 *   6. all cores: one process, one process with Redis, WORKERS=2 (skipped when Redis does not answer);
 *   7. limits on the key: the key without limits, with every limit counted in memory, and in Redis.
 * Every figure comes with the answering process's CPU per request and the machine's other work while it
 * was measured. Every server and every load generator is its own process. Writes bench/RESULTS.md,
 * prints a summary, and exits 0 when every target passes, 1 when one fails, 2 when the harness itself
 * could not finish.
 *
 * `--cpu-prof` also records V8 CPU profiles of the bare proxy and of Switchyard during the phase 1
 * throughput rounds (through the inspector, so boot and setup stay out of them) into bench/out/, and
 * writes bench/out/cpu-profile-summary.md: where Switchyard's extra CPU per request goes, by source, and
 * its own code's heaviest functions. The profiler slows both, so the numbers of such a run go to
 * bench/out/RESULTS.profiled.md instead of bench/RESULTS.md.
 *
 * `--only=limited-key` runs phase 7 alone and prints its section and verdict (RESULTS.md is left alone):
 * for checking that phase without the whole run; with `--cpu-prof` it profiles that phase's (a) and (b)
 * instead of phase 1 and writes bench/out/limited-key-profile-summary.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAllChildren, REPOSITORY_ROOT } from './lib/children.ts';
import {
  type ProfileSummary,
  perRequest,
  ranked,
  renderProfile,
  summarizeProfile,
} from './lib/cpu-profile.ts';
import { describeMachine } from './lib/machine.ts';
import { renderComparison } from './lib/profile-comparison.ts';
import { type BenchReport, limitedKeyVerdicts, renderSummary, verdicts } from './lib/report.ts';
import { limitedKeySection, renderResults } from './lib/results-page.ts';
import { detectLoadTool, WRK_INSTALL_HINT } from './lib/throughput.ts';
import { measureConvertedPaths } from './phases/converted-paths.ts';
import { measureLimitedKey } from './phases/limited-key.ts';
import { measureRelayOverhead, type ProfiledTarget, type ProfilingRequest } from './phases/relay-overhead.ts';
import { measureSlowStreams } from './phases/slow-streams.ts';
import { measureWorkers } from './phases/workers.ts';

/** The whole run stops by itself past this, whatever hangs. */
const RUN_DEADLINE_MS = 8 * 60_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

const PHASE_7_TITLE = 'Phase 7: limits on the key (none, in memory, in Redis)';

/**
 * `--only=limited-key`: phase 7 alone, its section and verdict on stdout; exit code as a full run's. With
 * `--cpu-prof`, (a) and (b) are profiled during the rounds (their rates are then the profiled ones) and
 * `summaryPath` gets where (b)'s extra CPU per request goes against (a), and (b)'s own profile.
 */
async function limitedKeyOnly(
  scratchDirectory: string,
  profiling: ProfilingRequest | null,
  summaryPath: string,
): Promise<number> {
  log(PHASE_7_TITLE);
  const results = await measureLimitedKey(detectLoadTool(), scratchDirectory, log, profiling);
  if (results.profiles.length === 2) {
    const [unlimited, limited] = ['none', 'memory'].map((setup) => {
      const profile = results.profiles.find((entry) => entry.setup === setup)!;
      return summarizeProfile(profile.path, profile.requests, profile.sourceMapCopy);
    }) as [ProfileSummary, ProfileSummary];
    writeFileSync(
      summaryPath,
      [
        renderComparison(
          { label: '(a) no limits', summary: unlimited },
          { label: '(b) limits', summary: limited },
        ),
        renderProfile(limited, '(b) the key with limits, in memory'),
      ].join('\n'),
    );
    log(`CPU profiles of (a) and (b): ${results.profiles.map((profile) => profile.path).join(', ')}`);
    log(`Where (b)'s extra CPU goes: ${summaryPath} (profiled: the rates below are slowed by the profiler)`);
  }
  log('');
  log(limitedKeySection(results).join('\n'));
  const phaseVerdicts = limitedKeyVerdicts(results);
  for (const verdict of phaseVerdicts)
    log(`${verdict.passed ? 'PASS' : 'FAIL'}  ${verdict.measure}  ${verdict.result}  ${verdict.target}`);
  return phaseVerdicts.every((verdict) => verdict.passed) ? 0 : 1;
}

async function main(): Promise<number> {
  // Switchyard runs as `npm start` runs it: the compiled bundle (bench/lib/gateway-process.ts).
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', '--server-only'], {
    cwd: REPOSITORY_ROOT,
    stdio: 'inherit',
  });
  const profiling = process.argv.includes('--cpu-prof');
  const outputDirectory = join(REPOSITORY_ROOT, 'bench', 'out');
  const profileDirectory = join(outputDirectory, 'cpu-profiles');
  if (profiling) mkdirSync(profileDirectory, { recursive: true });
  const scratchDirectory = mkdtempSync(join(tmpdir(), 'switchyard-bench-'));
  const startedAt = Date.now();
  const loadBefore = loadavg();
  try {
    const profilingRequest = profiling
      ? { directory: profileDirectory, stamp: new Date().toISOString().replaceAll(':', '-') }
      : null;
    if (process.argv.includes('--only=limited-key'))
      return await limitedKeyOnly(
        scratchDirectory,
        profilingRequest,
        join(outputDirectory, 'limited-key-profile-summary.md'),
      );
    const machine = describeMachine();
    const tool = detectLoadTool();
    log(`Switchyard benchmark — ${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}`);
    if (tool === 'autocannon') log(`NOTE: ${WRK_INSTALL_HINT}`);
    if (loadBefore[0]! > 0.5)
      log(
        `NOTE: the machine is busy (load average ${loadBefore[0]!.toFixed(2)}): expect low, noisy numbers.`,
      );
    log(`Phases 1–3: throughput (${tool}), sequential latency, stream time-to-first-byte`);
    const overhead = await measureRelayOverhead(tool, scratchDirectory, profilingRequest, log);
    log('Phase 4: concurrent slow streams');
    const slowStreams = await measureSlowStreams(scratchDirectory, log);
    log('Phase 5: converted paths (Claude ↔ OpenAI), CPU per call');
    const converted = await measureConvertedPaths(tool, scratchDirectory, log);
    log('Phase 6: all cores (WORKERS)');
    const workers = await measureWorkers(tool, scratchDirectory, log);
    log(PHASE_7_TITLE);
    const limitedKey = await measureLimitedKey(tool, scratchDirectory, log);

    const report: BenchReport = {
      date: new Date(),
      machine,
      loadBefore,
      loadAfter: loadavg(),
      tool,
      overhead,
      slowStreams,
      converted,
      workers,
      limitedKey,
    };
    const resultsPath = profiling
      ? join(outputDirectory, 'RESULTS.profiled.md')
      : join(REPOSITORY_ROOT, 'bench', 'RESULTS.md');
    writeFileSync(resultsPath, renderResults(report));
    log('');
    log(renderSummary(report));
    log('');
    log(`Wrote ${resultsPath} (${((Date.now() - startedAt) / 1000).toFixed(0)} s).`);
    if (profiling) writeProfileSummaries(overhead.profiles, join(outputDirectory, 'cpu-profile-summary.md'));
    return verdicts(report).every((verdict) => verdict.passed) ? 0 : 1;
  } finally {
    rmSync(scratchDirectory, { recursive: true, force: true });
  }
}

/** Summarises the profiles of the bare proxy and Switchyard into one file and prints the heaviest lines. */
function writeProfileSummaries(profiles: ProfiledTarget[], summaryPath: string): void {
  const summaryOf = (target: ProfiledTarget['target']) => {
    const profile = profiles.find((entry) => entry.target === target)!;
    return summarizeProfile(profile.path, profile.requests, profile.sourceMapCopy);
  };
  const proxy = { label: 'the bare proxy', summary: summaryOf('bareProxy') };
  const switchyard = { label: 'Switchyard', summary: summaryOf('switchyard') };
  writeFileSync(
    summaryPath,
    [
      renderComparison(proxy, switchyard),
      renderProfile(switchyard.summary, 'Switchyard'),
      renderProfile(proxy.summary, 'the bare proxy'),
    ].join('\n'),
  );
  const { summary } = switchyard;
  log(`CPU profiles during the throughput rounds: ${profiles.map((profile) => profile.path).join(', ')}`);
  log("Switchyard's own code, heaviest (µs per request, self time plus the natives it calls):");
  for (const line of ranked(summary.ownCode, summary.busyMs, 20))
    log(`  ${perRequest(summary, line.selfMs).padStart(6)}  ${line.name}`);
  log(`Full tables, and the comparison with the bare proxy: ${summaryPath}`);
}

const watchdog = setTimeout(() => {
  process.stderr.write(`benchmark still running after ${RUN_DEADLINE_MS / 1000} s: stopping\n`);
  killAllChildren();
  process.exit(2);
}, RUN_DEADLINE_MS);
watchdog.unref();

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
    killAllChildren();
    process.exitCode = 2;
  })
  .finally(() => clearTimeout(watchdog));
