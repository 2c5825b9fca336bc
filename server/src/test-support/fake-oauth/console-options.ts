/** Sets options through the console API, in the given order (enable switches need their settings first). */
import type { ApiClient } from '../test-server.ts';

export async function setOptions(root: ApiClient, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const reply = await root.put('/api/option/', { key, value });
    if (!reply.body.success) throw new Error(`option ${key}: ${reply.body.message}`);
  }
}
