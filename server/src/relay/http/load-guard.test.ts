import { describe, expect, it } from 'vitest';
import { type LoadSample, type LoadThresholds, loadRefusal } from './load-guard.ts';

const on: LoadThresholds = { enabled: true, cpu: 90, memory: 80, disk: 95 };
const calm: LoadSample = { cpu: 10, memory: 20, disk: 30 };

describe('loadRefusal', () => {
  it.each<[string, LoadThresholds, LoadSample, string | null]>([
    ['calm', on, calm, null],
    ['off, whatever the load', { ...on, enabled: false }, { cpu: 100, memory: 100, disk: 100 }, null],
    ['CPU above', on, { ...calm, cpu: 91 }, 'system_cpu_overloaded'],
    ['CPU at the threshold (whole percent not greater)', on, { ...calm, cpu: 90.9 }, null],
    ['memory above', on, { ...calm, memory: 81.2 }, 'system_memory_overloaded'],
    ['disk above', on, { ...calm, disk: 96 }, 'system_disk_overloaded'],
    ['CPU first when several are above', on, { cpu: 99, memory: 99, disk: 99 }, 'system_cpu_overloaded'],
    ['a threshold of 0 leaves the check out', { ...on, cpu: 0 }, { ...calm, cpu: 100 }, null],
    ['an unmeasured use is left out', on, { ...calm, disk: null }, null],
  ])('%s', (_name, thresholds, sample, code) => {
    const refusal = loadRefusal(thresholds, sample);
    expect(refusal?.code ?? null).toBe(code);
    if (refusal) {
      expect(refusal.status).toBe(503);
      expect(refusal.message).toMatch(/% the administrator set; try again later$/);
    }
  });
});
