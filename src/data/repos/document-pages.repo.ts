import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { DocumentPageRow } from '../db/tables/documents.table';

// Pages and per-page options of a document. Stored JSON is text; the service parses and validates.

export type PageValues = Pick<DocumentPageRow, 'html' | 'css' | 'styles' | 'components' | 'assets' | 'params'>;

export function findPage(db: Db, documentId: number, pageNo: number) {
  return db
    .selectFrom('document_pages')
    .select(['html', 'css', 'styles', 'components', 'assets', 'params'])
    .where('document_id', '=', documentId)
    .where('page_no', '=', pageNo)
    .executeTakeFirst();
}

export function listPages(db: Db, documentId: number) {
  return db
    .selectFrom('document_pages')
    .select(['page_no', 'html', 'css', 'styles', 'components', 'assets', 'params'])
    .where('document_id', '=', documentId)
    .orderBy('page_no')
    .execute();
}

export async function countPages(db: Db, documentId: number): Promise<number> {
  const row = await db
    .selectFrom('document_pages')
    .select(sql<number>`coalesce(max(page_no), 0)`.as('n'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Characters of content (html + css + styles) the document's pages hold, all but `exceptPage`. */
export async function sumPageChars(db: Db, documentId: number, exceptPage: number): Promise<number> {
  const row = await db
    .selectFrom('document_pages')
    .select(sql<number>`coalesce(sum(char_length(html) + char_length(css) + char_length(styles)), 0)`.as('n'))
    .where('document_id', '=', documentId)
    .where('page_no', '!=', exceptPage)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function upsertPage(db: Db, documentId: number, pageNo: number, values: PageValues): Promise<void> {
  await db
    .insertInto('document_pages')
    .values({ document_id: documentId, page_no: pageNo, ...values })
    .onDuplicateKeyUpdate(values)
    .execute();
}

export async function deletePages(db: Db, documentId: number): Promise<void> {
  await db.deleteFrom('document_pages').where('document_id', '=', documentId).execute();
}

export async function findOption(db: Db, documentId: number, code: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('document_options')
    .select('value')
    .where('document_id', '=', documentId)
    .where('code', '=', code)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function upsertOption(db: Db, documentId: number, code: string, key: string, value: string): Promise<void> {
  await db.insertInto('document_options').values({ document_id: documentId, code, key, value }).onDuplicateKeyUpdate({ value }).execute();
}

export function listOptions(db: Db, documentId: number) {
  return db.selectFrom('document_options').select(['code', 'key', 'value']).where('document_id', '=', documentId).execute();
}

/** A deep copy: the target gets its own rows, so later edits of the source never reach it. */
export async function copyPagesAndOptions(db: Db, fromId: number, toId: number): Promise<void> {
  await sql`INSERT INTO document_pages (document_id, page_no, html, css, styles, components, assets, params)
    SELECT ${toId}, page_no, html, css, styles, components, assets, params FROM document_pages WHERE document_id = ${fromId}`.execute(db);
  await sql`INSERT INTO document_options (document_id, code, \`key\`, value)
    SELECT ${toId}, code, \`key\`, value FROM document_options WHERE document_id = ${fromId}`.execute(db);
}

export async function deleteOptions(db: Db, documentId: number): Promise<void> {
  await db.deleteFrom('document_options').where('document_id', '=', documentId).execute();
}
