/**
 * Midjourney-Proxy submissions (docs/tasks.md): which action a request is, the model that prices it
 * (`mj_<action>`), the parent task an action works on (and where the body names it, so that it can be
 * pointed at the upstream's id of the parent), and the checks a body must pass before anything is reserved
 * or sent.
 */
import { relayError } from '../../http/errors.ts';

export type MjAction =
  | 'IMAGINE'
  | 'UPSCALE'
  | 'VARIATION'
  | 'REROLL'
  | 'DESCRIBE'
  | 'BLEND'
  | 'SHORTEN'
  | 'UPLOAD'
  | 'MODAL'
  | 'ZOOM'
  | 'CUSTOM_ZOOM'
  | 'PAN'
  | 'INPAINT'
  | 'HIGH_VARIATION'
  | 'LOW_VARIATION'
  | 'SWAP_FACE'
  | 'VIDEO'
  | 'EDITS';

/** Submit paths (after `/mj/submit/`) whose action is fixed by the path. */
const PATH_ACTIONS: Readonly<Record<string, MjAction>> = {
  imagine: 'IMAGINE',
  describe: 'DESCRIBE',
  blend: 'BLEND',
  shorten: 'SHORTEN',
  'upload-discord-images': 'UPLOAD',
  modal: 'MODAL',
  video: 'VIDEO',
  edits: 'EDITS',
};

/** The submit paths the gateway relays (`/mj/submit/<path>`), plus `change`, `simple-change`, `action`. */
export const SUBMIT_PATHS: readonly string[] = [
  ...Object.keys(PATH_ACTIONS),
  'change',
  'simple-change',
  'action',
];

/** The model name an action is priced by. */
export function actionModel(action: MjAction): string {
  return `mj_${action.toLowerCase()}`;
}

/** The action a button's customId stands for (`MJ::JOB::upsample::1::<hash>` → UPSCALE …). */
export function actionOfCustomId(customId: string): MjAction {
  const id = customId.toLowerCase();
  if (id.includes('::job::upsample') || id.includes('upsample_v')) return 'UPSCALE';
  if (id.includes('::job::variation')) return 'VARIATION';
  if (id.includes('::job::reroll')) return 'REROLL';
  if (id.includes('high_variation')) return 'HIGH_VARIATION';
  if (id.includes('low_variation')) return 'LOW_VARIATION';
  if (id.includes('::customzoom')) return 'CUSTOM_ZOOM';
  if (id.includes('::outpaint')) return 'ZOOM';
  if (id.includes('::inpaint')) return 'INPAINT';
  if (id.includes('::pan_')) return 'PAN';
  throw relayError(400, 'invalid_request', `unknown customId ${customId}`);
}

const CHANGE_ACTIONS: ReadonlySet<string> = new Set(['UPSCALE', 'VARIATION', 'REROLL']);

export interface Submission {
  action: MjAction;
  /** The task the action works on (its channel serves it), when there is one. */
  parentId: string | null;
  /** Where the body names the parent: its `taskId`, or the start of simple-change's `content`. */
  parentIn: 'taskId' | 'content' | null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

/** Reads and checks a submission body for `path`; the thrown errors are 400s with a clear message. */
export function readSubmission(path: string, body: Record<string, unknown>): Submission {
  const fixed = PATH_ACTIONS[path];
  if (fixed) {
    if (fixed === 'IMAGINE' && !text(body.prompt)) invalid('prompt is required');
    if (fixed === 'SHORTEN' && !text(body.prompt)) invalid('prompt is required');
    if (fixed === 'DESCRIBE' && !text(body.base64)) invalid('base64 (the image) is required');
    if (fixed === 'BLEND') {
      const images = Array.isArray(body.base64Array) ? body.base64Array.length : 0;
      if (images < 2 || images > 5) invalid('base64Array must hold 2 to 5 images');
    }
    if (fixed === 'UPLOAD' && !(Array.isArray(body.base64Array) && body.base64Array.length > 0))
      invalid('base64Array is required');
    if (fixed === 'MODAL' && !text(body.taskId)) invalid('taskId is required');
    // A modal works on a task; an edit or a video may (an image of one of the caller's tasks).
    const parentId = fixed === 'MODAL' || fixed === 'EDITS' || fixed === 'VIDEO' ? text(body.taskId) : '';
    return { action: fixed, parentId: parentId || null, parentIn: parentId ? 'taskId' : null };
  }
  if (path === 'change') {
    const action = text(body.action).toUpperCase();
    if (!CHANGE_ACTIONS.has(action)) invalid('action must be UPSCALE, VARIATION or REROLL');
    if (!text(body.taskId)) invalid('taskId is required');
    if (action !== 'REROLL') {
      const index = Number(body.index);
      if (!Number.isInteger(index) || index < 1 || index > 4) invalid('index must be 1 to 4');
    }
    return { action: action as MjAction, parentId: text(body.taskId), parentIn: 'taskId' };
  }
  if (path === 'simple-change') {
    const match = /^(\S+)\s+(U[1-4]|V[1-4]|R)$/i.exec(text(body.content));
    if (!match) invalid('content must be "<taskId> U1…U4 | V1…V4 | R"');
    const kind = match[2]!.toUpperCase()[0];
    return {
      action: kind === 'U' ? 'UPSCALE' : kind === 'V' ? 'VARIATION' : 'REROLL',
      parentId: match[1]!,
      parentIn: 'content',
    };
  }
  if (path === 'action') {
    if (!text(body.customId)) invalid('customId is required');
    if (!text(body.taskId)) invalid('taskId is required');
    return { action: actionOfCustomId(text(body.customId)), parentId: text(body.taskId), parentIn: 'taskId' };
  }
  if (path === 'swap') {
    if (!text(body.sourceBase64) || !text(body.targetBase64))
      invalid('sourceBase64 and targetBase64 are required');
    return { action: 'SWAP_FACE', parentId: null, parentIn: null };
  }
  throw relayError(404, 'not_found', `unknown Midjourney route /mj/submit/${path}`);
}

/** Points the body at the parent's id upstream (clients name it by the gateway's id, ./task-ids.ts). */
export function nameUpstreamParent(
  body: Record<string, unknown>,
  submission: Submission,
  upstreamParentId: string,
): void {
  if (submission.parentIn === 'taskId') body.taskId = upstreamParentId;
  else if (submission.parentIn === 'content')
    body.content = text(body.content).replace(/^\S+/, () => upstreamParentId);
}

/** `--fast`, `--relax` and `--turbo` taken out of a prompt (MjModeClearEnabled). */
export function clearModes(prompt: string): string {
  return prompt.replace(/\s*--(fast|relax|turbo)\b/gi, '').trim();
}
