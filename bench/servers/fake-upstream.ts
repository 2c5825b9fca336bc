/**
 * Benchmark child: the fake OpenAI-compatible upstream in its own process, with the behaviour given
 * as JSON options (e.g. `{"chunkCount":30,"chunkDelayMs":100}`) and no request recording.
 */
import { checkBehavior } from '../../server/src/test-support/fake-upstream/behavior.ts';
import { startFakeUpstream } from '../../server/src/test-support/fake-upstream/fake-upstream.ts';
import { childOptions, runServerChild } from '../lib/child-messages.ts';

runServerChild(() =>
  startFakeUpstream({ behavior: checkBehavior(childOptions<unknown>()), maxRecordedRequests: 0 }),
);
