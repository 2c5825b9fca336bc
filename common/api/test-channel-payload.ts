/**
 * A sample channel payload (common/api/channels.ts) for tests on both sides of the wire: what the
 * console's form builds for a new OpenAI channel named 'main' with its defaults
 * (web/src/pages/channels/channel-form-rules.test.ts), and the body the server's input schemas must take
 * (server/src/api/payload-contract.test.ts). Test-only: the file name keeps it out of what ships
 * (.dependency-cruiser.cjs, TEST_FILES).
 */
import type { ChannelPayload } from './channels.ts';

export const SAMPLE_CHANNEL_PAYLOAD: Readonly<Required<ChannelPayload>> = {
  type: 1,
  name: 'main',
  key: 'sk-abc',
  base_url: '',
  other: '',
  models: 'gpt-4o,o3',
  group: 'default',
  model_mapping: '',
  status_code_mapping: '',
  setting: '',
  param_override: '',
  header_override: '',
  settings: '',
  auto_ban: 1,
  test_model: '',
  priority: 0,
  weight: 0,
  tag: '',
  openai_organization: '',
  max_input_tokens: 0,
  limits: {},
};
