/**
 * The ids of Midjourney tasks (docs/tasks.md). Midjourney-Proxy numbers its tasks by the submission's
 * millisecond and a few more digits, so they can be guessed; the gateway therefore gives every task it
 * stores an id of its own — 32 random digits from the crypto RNG (about 106 bits), still a string of
 * digits as Midjourney-Proxy's clients expect — which clients see everywhere, and keeps the upstream's id
 * privately in the row (../properties.ts) to address the upstream with. A row adopted from new-api keeps
 * no upstream id: its id is the upstream's.
 */
import { randomString } from '../../../lib/random.ts';
import { type PrivateFields, privateFields } from '../properties.ts';

const TASK_ID_DIGITS = 32;
const GATEWAY_TASK_ID = /^[1-9]\d{31}$/;

/** A new task id: 32 digits without a leading zero, like the digits of a number. */
export function newTaskId(): string {
  return randomString(1, '123456789') + randomString(TASK_ID_DIGITS - 1, '0123456789');
}

/** Whether `text` has the shape of an id this gateway issues. */
export function looksLikeGatewayTaskId(text: string): boolean {
  return GATEWAY_TASK_ID.test(text);
}

interface IdentifiedRow {
  mj_id: string;
  properties: unknown;
}

/** The id the upstream knows the task by (an adopted row's own id). */
export function upstreamIdOf(row: IdentifiedRow): string {
  return privateFields(row).upstreamId ?? row.mj_id;
}

/**
 * Whether the row's id was issued by this gateway (so it cannot be guessed), not taken from the upstream;
 * `fields` are the row's private fields when the caller has read them already.
 */
export function issuedByGateway(row: IdentifiedRow, fields: PrivateFields = privateFields(row)): boolean {
  return fields.upstreamId !== undefined && looksLikeGatewayTaskId(row.mj_id);
}
