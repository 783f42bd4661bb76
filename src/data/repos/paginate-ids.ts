import { sql, type SelectQueryBuilder } from 'kysely';
import type { Page, PageInput } from './paginate';

/**
 * Like paginate(), for deep pages of big lists: the count and the page of ids are read from a
 * covering index alone, then only that page's rows are loaded by primary key ("late row lookup").
 * `idQuery` selects only `id`, filtered and ordered by an index that holds every column it uses.
 */
export async function paginateIds<DB, TB extends keyof DB, Row extends { id: number }>(
  idQuery: SelectQueryBuilder<DB, TB, { id: number }>,
  page: PageInput,
  load: (ids: number[]) => Promise<Row[]>,
): Promise<Page<Row>> {
  const counted = await idQuery
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  const total = Number((counted as { total?: number } | undefined)?.total ?? 0);
  const ids = (await idQuery.limit(page.limit).offset((page.page - 1) * page.limit).execute()).map((r) => r.id);
  const rows = ids.length ? await load(ids) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const data = ids.flatMap((id) => byId.get(id) ?? []);
  return { data, total, per_page: page.limit, current_page: page.page, last_page: Math.max(1, Math.ceil(total / page.limit)) };
}
