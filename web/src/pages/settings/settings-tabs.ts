/** The settings tabs and the ?tab= query value (docs/reference/console-screens.md "Settings", docs/reference/console-constants.md "Settings tab values"). */
export const SETTINGS_TABS = ['operation', 'ratelimit', 'models', 'system', 'other'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Tabs a user sees: the system tab is root-only. */
export function visibleTabs(isRoot: boolean): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => isRoot || tab !== 'system');
}

/** The tab of a ?tab= value: unknown, missing or not visible falls back to operation. */
export function resolveTab(value: string | null, isRoot: boolean): SettingsTab {
  const tabs: readonly string[] = visibleTabs(isRoot);
  return value !== null && tabs.includes(value) ? (value as SettingsTab) : 'operation';
}
