import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { numeric } from '../../shared/schemas/ids';
import { MAX_PAGE_SIZE } from '../../shared/limits';

/** The list shape of both doors: `{data, total, per_page, current_page, last_page}` (LEGACY-API.md). */
export interface Page<T> {
  data: T[];
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

/** `page` and `limit` as the spec's calls send them; `limit` defaults to the list's page size. */
export function pageInput(defaultLimit: number) {
  return z.object({
    page: numeric(z.number().int().min(1)).default(1),
    limit: numeric(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(defaultLimit),
  });
}
export type PageInput = z.infer<ReturnType<typeof pageInput>>;

/**
 * One count and one LIMIT/OFFSET query over the caller's filtered, ordered query; never loads
 * the table. The query must order by an indexed, unique-ending key for stable pages.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, limit }: PageInput,
  /** For grouped lists, where count(*) would count inside each group: e.g. count(distinct grade). */
  countExpression = sql<number>`count(*)`,
): Promise<Page<O>> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .clearGroupBy()
    .select(countExpression.as('total'))
    .executeTakeFirst();
  const total = Number((counted as { total?: number } | undefined)?.total ?? 0);
  const data = await query.limit(limit).offset((page - 1) * limit).execute();
  return { data, total, per_page: limit, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)) };
}
