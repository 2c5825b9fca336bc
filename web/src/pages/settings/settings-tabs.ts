/** The settings tabs and the ?tab= query value (docs/reference/console-screens.md "Settings", docs/reference/console-constants.md "Settings tab values"). */
export const SETTINGS_TABS = ['operation', 'ratelimit', 'traffic', 'models', 'system', 'other'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Tabs only root sees: the system settings, and traffic control (every card of it is an option form). */
const ROOT_ONLY_TABS: ReadonlySet<SettingsTab> = new Set(['system', 'traffic']);

/** Tabs a user sees: the root-only tabs are left out for other administrators. */
export function visibleTabs(isRoot: boolean): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => isRoot || !ROOT_ONLY_TABS.has(tab));
}

/** The tab of a ?tab= value: unknown, missing or not visible falls back to operation. */
export function resolveTab(value: string | null, isRoot: boolean): SettingsTab {
  const tabs: readonly string[] = visibleTabs(isRoot);
  return value !== null && tabs.includes(value) ? (value as SettingsTab) : 'operation';
}
