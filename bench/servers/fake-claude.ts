/**
 * Benchmark child: the fake Anthropic Messages API (server/src/test-support/fake-vendors/claude-upstream.ts)
 * in its own process, recording nothing. Its key is the first option.
 */
import { startFakeClaude } from '../../server/src/test-support/fake-vendors/claude-upstream.ts';
import { childOptions, runServerChild } from '../lib/child-messages.ts';

runServerChild(() => startFakeClaude(childOptions<{ key: string }>().key, { record: false }));
