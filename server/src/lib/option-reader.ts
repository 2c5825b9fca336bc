/**
 * What code below options/ reads from the option store. options/store.ts's OptionStore has these
 * methods, so it is passed as it is; lib/ does not import options/ (docs/architecture.md, "Layers").
 */
export interface OptionReader {
  get(key: string): string;
  getNumber(key: string): number;
  getBoolean(key: string): boolean;
}
