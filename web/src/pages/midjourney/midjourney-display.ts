/** How a drawing row is labelled: its action (IMAGINE, UPSCALE…) and the upstream's submit result code. */
import type { TagLabel } from '../../components/task-log/task-display.ts';

const ACTION_LABELS: Record<string, TagLabel> = {
  IMAGINE: { key: 'midjourney.action.imagine', color: 'blue' },
  UPSCALE: { key: 'midjourney.action.upscale', color: 'orange' },
  VIDEO: { key: 'midjourney.action.video', color: 'orange' },
  EDITS: { key: 'midjourney.action.edits', color: 'orange' },
  VARIATION: { key: 'midjourney.action.variation', color: 'purple' },
  HIGH_VARIATION: { key: 'midjourney.action.highVariation', color: 'purple' },
  LOW_VARIATION: { key: 'midjourney.action.lowVariation', color: 'purple' },
  PAN: { key: 'midjourney.action.pan', color: 'cyan' },
  DESCRIBE: { key: 'midjourney.action.describe', color: 'gold' },
  BLEND: { key: 'midjourney.action.blend', color: 'lime' },
  UPLOAD: { key: 'midjourney.action.upload', color: 'blue' },
  SHORTEN: { key: 'midjourney.action.shorten', color: 'magenta' },
  REROLL: { key: 'midjourney.action.reroll', color: 'geekblue' },
  INPAINT: { key: 'midjourney.action.inpaint', color: 'volcano' },
  ZOOM: { key: 'midjourney.action.zoom', color: 'cyan' },
  CUSTOM_ZOOM: { key: 'midjourney.action.customZoom', color: 'cyan' },
  MODAL: { key: 'midjourney.action.modal', color: 'green' },
  SWAP_FACE: { key: 'midjourney.action.swapFace', color: 'green' },
};

/** The type tag; actions this console does not know are shown as unknown. */
export function drawingActionLabel(action: string): TagLabel {
  return ACTION_LABELS[action] ?? { key: 'midjourney.action.unknown', color: 'default' };
}

/** Midjourney Proxy's submit codes: 1 submitted, 21 waiting (queued upstream), 22 duplicate, 0 not submitted. */
export function submitResultLabel(code: number): TagLabel {
  switch (code) {
    case 1:
      return { key: 'midjourney.code.submitted', color: 'green' };
    case 21:
      return { key: 'midjourney.code.waiting', color: 'lime' };
    case 22:
      return { key: 'midjourney.code.duplicate', color: 'orange' };
    case 0:
      return { key: 'midjourney.code.notSubmitted', color: 'gold' };
    default:
      return { key: 'midjourney.code.unknown', color: 'default' };
  }
}
