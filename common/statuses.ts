/** Status codes of the stored entities (docs/reference/console-states.md). */
export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const;
export const ChannelStatus = { enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;
export const RedemptionStatus = { unused: 1, disabled: 2, used: 3 } as const;
export const LogType = { unknown: 0, topup: 1, consume: 2, manage: 3, system: 4, error: 5 } as const;
export const TopUpStatus = { pending: 'pending', success: 'success', failed: 'failed' } as const;
