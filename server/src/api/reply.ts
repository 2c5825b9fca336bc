/** The console API's reply shape and input parsing (docs/reference/api-rules.md). */
import type { SelectQueryBuilder } from 'kysely';
import type { ZodType } from 'zod';
import type { ApiReply, Page } from '../../../common/api-types.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../common/limits.ts';
import { badRequest } from '../lib/errors.ts';

export function ok<T>(data?: T, message = ''): ApiReply<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/** Validates console input strictly; the first problem becomes a 400 with a readable message. */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest('common.invalid_request', { detail: `${where}${issue?.message ?? 'invalid input'}` });
}

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

/** Pages past this one are empty anyway; the bound keeps every offset a small integer on each database. */
export const PAGE_MAX = 10_000_000;

/** A query value as a whole number: `1e20` is huge (not 1), `2.5` is 2, and text that is no number is NaN. */
function wholeNumber(value: unknown): number {
  const text = String(value).trim();
  return text === '' ? Number.NaN : Math.floor(Number(text));
}

/**
 * `p` starts at 1 (below 1 or not a number means 1; absurd values such as 1e20 are clamped to PAGE_MAX
 * and give an empty page); `page_size` or `size` defaults to 10 (also for values below 1 or not a
 * number), at most 100.
 */
export function readPaging(query: Record<string, unknown>): Paging {
  const pageNumber = wholeNumber(query.p ?? 1);
  const page = pageNumber >= 1 ? Math.min(pageNumber, PAGE_MAX) : 1;
  const sizeNumber = wholeNumber(query.page_size ?? query.size ?? PAGE_SIZE_DEFAULT);
  const pageSize = sizeNumber >= 1 ? Math.min(sizeNumber, PAGE_SIZE_MAX) : PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * One page of a list: `ordered` (the filtered rows in the list's order) limited to the page, and the
 * number of rows that `filtered` matches.
 */
export async function listPage<DB, TB extends keyof DB, Row, View>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB, TB, Row>,
  paging: Paging,
  toView: (row: Row) => View,
): Promise<Page<View>> {
  const [rows, counted] = await Promise.all([
    ordered.limit(paging.pageSize).offset(paging.offset).execute(),
    filtered
      .select((builder) => builder.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow() as Promise<{ total: number | string | bigint }>,
  ]);
  return {
    items: rows.map((row) => toView(row as Row)),
    page: paging.page,
    page_size: paging.pageSize,
    total: Number(counted.total),
  };
}

/** Parses a positive integer route parameter or answers 400. */
export function readId(value: unknown): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('common.invalid_id');
  return id;
}
