/**
 * Rules of the redemption create/edit form (docs/reference/console-validation.md "Redemption form", docs/reference/console-constants.md "Redemption: quota 100000,
 * count 1"): defaults, and the check that turns the form values into the API payload. An empty name on
 * create becomes the formatted quota. Rules return the i18n key of their message, never a text.
 */
import type {
  CreateRedemptionsPayload,
  RedemptionView,
  UpdateRedemptionPayload,
} from '../../api/redemptions.ts';

export const REDEMPTION_DEFAULT_QUOTA = 100_000;
export const REDEMPTION_DEFAULT_COUNT = 1;
/** The server keeps names of 1 to 20 characters. */
export const REDEMPTION_NAME_MAX_LENGTH = 20;
/** The server creates at most 100 codes per call. */
export const REDEMPTION_COUNT_MAX = 100;

export type FormMode = 'create' | 'edit';

export interface RedemptionFormValues {
  name: string;
  quota: number | string | null;
  /** How many codes to create (create only). */
  count: number | string | null;
}

export type Submission =
  | { ok: true; mode: 'create'; payload: CreateRedemptionsPayload }
  | { ok: true; mode: 'edit'; payload: UpdateRedemptionPayload }
  | { ok: false; error: string };

/** A whole number from a form value, or null when the value is empty or not a whole number. */
export function parseWholeNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^-?\d+$/.test(text)) return null;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}

/** The form's quota for previews: 0 when the field is empty or not a whole number. */
export function quotaForPreview(value: number | string | null | undefined): number {
  return parseWholeNumber(value) ?? 0;
}

export function prepareSubmission(
  values: RedemptionFormValues,
  mode: FormMode,
  formatQuota: (quota: number) => string,
): Submission {
  const quota = parseWholeNumber(values.quota);
  if (quota === null || quota <= 0) return { ok: false, error: 'redemptions.form.quotaInvalid' };
  let name = (values.name ?? '').trim();
  if (name === '') {
    if (mode === 'edit') return { ok: false, error: 'redemptions.form.nameRequired' };
    name = formatQuota(quota);
  }
  if ([...name].length > REDEMPTION_NAME_MAX_LENGTH)
    return { ok: false, error: 'redemptions.form.nameTooLong' };
  if (mode === 'edit') return { ok: true, mode, payload: { name, quota } };
  const count = parseWholeNumber(values.count);
  if (count === null || count < 1 || count > REDEMPTION_COUNT_MAX) {
    return { ok: false, error: 'redemptions.form.countInvalid' };
  }
  return { ok: true, mode, payload: { name, quota, count } };
}

/** A new batch: no name (the quota is used), quota 100000, one code. */
export function defaultFormValues(): RedemptionFormValues {
  return { name: '', quota: REDEMPTION_DEFAULT_QUOTA, count: REDEMPTION_DEFAULT_COUNT };
}

export function formValuesFromRedemption(
  redemption: Pick<RedemptionView, 'name' | 'quota'>,
): RedemptionFormValues {
  return { name: redemption.name, quota: redemption.quota, count: REDEMPTION_DEFAULT_COUNT };
}
