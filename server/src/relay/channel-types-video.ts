/**
 * The server parts of the types in common/channel-types-video.ts; joined into the one registry by
 * ./channel-types.ts. The video platforms relay no OpenAI route, so they have no adaptor: their tasks are
 * served by the task engine (./tasks/video-platforms/, ./tasks/video/ for Sora). Kling's and Jimeng's keys
 * (`AccessKey|SecretKey`) are checked when a channel is saved.
 */
import type { ServerParts } from './channel-types.ts';
import { jimengKeyProblem, klingKeyProblem } from './tasks/video-platforms/key-shapes.ts';

export const VIDEO_PLATFORM_SERVER_PARTS: Readonly<Record<number, ServerParts>> = {
  50: { keyProblem: klingKeyProblem },
  51: { keyProblem: jimengKeyProblem },
  52: {},
  54: {},
  55: {},
};
