/**
 * A video submission on the task engine (../submit-loop.ts) for every video platform: the platform is the
 * one whose models the request's model is (./index.ts), its price reserved for the units it says (a call,
 * or seconds), a channel of its types chosen by the relay's chooser, the upstream request built by the
 * platform for that channel, and an accepted task stored as a `tasks` row — `platform` the channel type's
 * id, as new-api stores it; `task_id` the upstream's id — with the quota it cost.
 */

import type { AppContext } from '../../../context.ts';
import { resolveMappedModel } from '../../../lib/mapping-rules.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import type { RelayCaller } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { admitModel } from '../../routing/auto-group.ts';
import { submitTask, type TaskReading } from '../submit-loop.ts';
import { storeSubmittedTask } from '../submitted-task.ts';
import { platformOfModel, VIDEO_PLATFORMS } from './index.ts';
import type { VideoPlatform, VideoRequest } from './platform.ts';

/** The platform of a request's model; 400 when no video platform has it. */
export function videoPlatformFor(model: string): VideoPlatform {
  const platform = platformOfModel(model);
  if (platform) return platform;
  const names = VIDEO_PLATFORMS.map((entry) => entry.name).join(', ');
  throw relayError(400, 'invalid_request', `${model} is not a video model of ${names}`);
}

function readAnswer(
  context: AppContext,
  caller: RelayCaller,
  platform: VideoPlatform,
  video: VideoRequest,
  reply: Record<string, unknown>,
  channel: CachedChannel,
): TaskReading {
  const answer = platform.submitted(reply);
  if ('refused' in answer) return { outcome: 'refused', status: 502, message: answer.refused };
  const id = answer.taskId;
  return {
    outcome: 'accepted',
    logExtra: { task_platform: String(channel.type), task_id: id, video_units: platform.units(video) },
    async store(quota) {
      const createdAt = await storeSubmittedTask(context, caller, channel, quota, {
        taskId: id,
        platform: String(channel.type),
        action: platform.action?.(video) ?? video.action,
        properties: {
          model: video.model,
          upstream_model_name: resolveMappedModel(channel.modelMapping, video.model),
          prompt: video.prompt,
          ...(video.duration ? { duration: video.duration } : {}),
          ...(video.size ? { size: video.size } : {}),
        },
        data: reply,
      });
      return {
        id,
        task_id: id,
        object: 'video',
        model: video.model,
        status: 'queued',
        progress: 0,
        created_at: createdAt,
      };
    },
  };
}

/** Submits a checked video request: the client's answer (an OpenAI video object), or the error to send. */
export function submitVideo(
  context: AppContext,
  caller: RelayCaller,
  requestId: string,
  video: VideoRequest,
): Promise<unknown> {
  const platform = videoPlatformFor(video.model);
  const problem = platform.requestProblem?.(video);
  if (problem) throw relayError(400, 'invalid_request', problem);
  admitModel(context, caller, video.model);
  return submitTask(context, {
    platform: { name: platform.name, capability: platform.capability, errorMessage: platform.errorMessage },
    caller,
    requestId,
    model: video.model,
    units: platform.units(video),
    // The channel's model mapping names the model upstream, as for every relay call.
    request: (channel) =>
      platform.submit(channel, { ...video, model: resolveMappedModel(channel.modelMapping, video.model) }),
    read: (reply, channel) => readAnswer(context, caller, platform, video, reply, channel),
  });
}
