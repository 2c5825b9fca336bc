/** The available-model chips of the personal page (docs/reference/console-screens.md, docs/reference/console-constants.md: the first 10 while collapsed). */
export const COLLAPSED_MODEL_COUNT = 10;

export interface ModelChips {
  shown: string[];
  /** How many names the collapsed list leaves out (0 when everything is shown). */
  hiddenCount: number;
  /** Whether an expand / collapse toggle is needed at all. */
  collapsible: boolean;
}

export function modelChips(
  models: readonly string[],
  expanded: boolean,
  limit = COLLAPSED_MODEL_COUNT,
): ModelChips {
  const collapsible = models.length > limit;
  const shown = expanded || !collapsible ? [...models] : models.slice(0, limit);
  return { shown, hiddenCount: models.length - shown.length, collapsible };
}
