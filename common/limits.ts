/** Business constants and limits (docs/reference/console-constants.md). */
export const QUOTA_PER_UNIT_DEFAULT = 500_000;
/**
 * The group of a key that names none of its own: the AutoGroups option's groups serve it in turn
 * (docs/reference/routing.md "Auto group").
 */
export const AUTO_GROUP = 'auto';
export const PASSWORD_MIN_LENGTH = 8;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
export const MOBILE_BREAKPOINT_PX = 600;
export const RESEND_WAIT_SECONDS = 30;
export const USERNAME_MAX_LENGTH = 20;
export const DISPLAY_NAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 50;
export const ACCESS_TOKEN_LENGTH = 32;
export const AFF_CODE_LENGTH = 4;
