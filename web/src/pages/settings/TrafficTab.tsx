import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchEnabledModels } from './settings-api.ts';
import { AffinitySettings } from './traffic/AffinitySettings.tsx';
import { readStoredObject } from './traffic/draft-rows.ts';
import { ErrorPolicyTable } from './traffic/ErrorPolicyTable.tsx';
import { FallbackChainsEditor } from './traffic/FallbackChainsEditor.tsx';
import { LimitRowsEditor } from './traffic/LimitRowsEditor.tsx';
import { QueueSettings } from './traffic/QueueSettings.tsx';

/** The enabled models, offered in the model cells (the same query as ./UnsetModels.tsx: one request). */
function useEnabledModels(): string[] {
  const query = useQuery({
    queryKey: ['settings', 'models-enabled'],
    queryFn: async () => {
      const reply = await fetchEnabledModels();
      if (!reply.success) throw new Error(reply.message);
      return reply.data ?? [];
    },
  });
  return query.data ?? [];
}

/**
 * The traffic tab (issue 27, docs/limits.md): limits per group and per model in a group, fallback chains,
 * the policy per error class, the queue for busy channels, and channel affinity. Each card saves its own
 * options. The groups offered are the GroupRatio option's.
 */
export function TrafficTab({ options }: { options: Readonly<Record<string, string>> }) {
  const groups = useMemo(() => Object.keys(readStoredObject(options.GroupRatio).value), [options.GroupRatio]);
  const models = useEnabledModels();
  return (
    <>
      <LimitRowsEditor scope="group" options={options} groups={groups} models={models} />
      <LimitRowsEditor scope="model" options={options} groups={groups} models={models} />
      <FallbackChainsEditor options={options} groups={groups} models={models} />
      <ErrorPolicyTable options={options} />
      <QueueSettings options={options} />
      <AffinitySettings options={options} />
    </>
  );
}
