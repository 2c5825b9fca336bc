/** The option API (/api/option/, root only; server/src/api/options/routes.ts). */

/** GET /api/option/ lists these (secrets left out); PUT /api/option/ sends one. Values travel as text. */
export interface OptionEntry {
  key: string;
  value: string;
}
