import type { FieldSpec } from '../field-spec.ts';
import { OptionSection } from '../OptionSection.tsx';

/** The bounded wait for a channel at its cap (docs/limits.md): how long a call waits, how many may wait. */
const queueFields: readonly FieldSpec[] = [
  {
    key: 'traffic_setting.queue_wait_ms',
    kind: 'number',
    label: 'traffic.queue.waitMs',
    help: 'traffic.queue.waitMsHelp',
    min: 0,
    max: 60_000,
    step: 100,
  },
  {
    key: 'traffic_setting.queue_max',
    kind: 'number',
    label: 'traffic.queue.max',
    help: 'traffic.queue.maxHelp',
    min: 0,
    max: 10_000,
  },
];

export function QueueSettings({ options }: { options: Readonly<Record<string, string>> }) {
  return (
    <OptionSection name="traffic-queue" title="traffic.queue.title" fields={queueFields} options={options} />
  );
}
