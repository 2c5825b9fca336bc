/** Calls of the settings page (docs/reference/console-api.md "Options"); all root-only on the server except the model list. */
import type { OptionEntry } from '../../../../common/api-types.ts';
import { http } from '../../api/client.ts';

export const fetchOptions = () => http.get<OptionEntry[]>('/api/option/');
export const updateOption = (key: string, value: string) => http.put<unknown>('/api/option/', { key, value });
export const resetModelRatios = () => http.post<unknown>('/api/option/rest_model_ratio');
/** Deletes the logs older than the given unix time in seconds; data is the number of rows deleted. */
export const clearLogsBefore = (targetTimestamp: number) =>
  http.del<number>('/api/log/', { target_timestamp: targetTimestamp });
export const fetchEnabledModels = () => http.get<string[]>('/api/channel/models_enabled');

/** The public release feed the update check reads (docs/reference/console-api.md "External"). */
export const LATEST_RELEASE_URL = 'https://api.github.com/repos/QuantumNous/new-api/releases/latest';
