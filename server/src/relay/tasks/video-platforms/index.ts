/**
 * Every video platform of the generic video route (docs/tasks.md, "Video platforms"), one description each
 * (./platform.ts): the route picks the platform by the model, the chooser a channel of its types; a row is
 * read back by the platform of its `platform` column (the channel type's id, as new-api stores it).
 */
import { aliWan } from './ali-wan.ts';
import { doubaoVideo } from './doubao.ts';
import { geminiVeo } from './gemini-veo.ts';
import { hailuo } from './hailuo.ts';
import { jimeng } from './jimeng.ts';
import { kling } from './kling.ts';
import type { VideoPlatform } from './platform.ts';
import { vidu } from './vidu.ts';

export const VIDEO_PLATFORMS: readonly VideoPlatform[] = [
  kling,
  jimeng,
  vidu,
  doubaoVideo,
  geminiVeo,
  aliWan,
  hailuo,
];

/** The platform whose models `model` is one of, or undefined. */
export function platformOfModel(model: string): VideoPlatform | undefined {
  return VIDEO_PLATFORMS.find((platform) => platform.ownsModel(model));
}

const byType = new Map(
  VIDEO_PLATFORMS.flatMap((platform) => platform.types.map((type) => [String(type), platform] as const)),
);

/** The platform of a `tasks` row's `platform` column, or undefined for a row of another platform. */
export function platformOfRow(row: { platform: string }): VideoPlatform | undefined {
  return byType.get(row.platform);
}

/** The `platform` column values of every video platform's rows. */
export const VIDEO_PLATFORM_COLUMNS: readonly string[] = [...byType.keys()];
