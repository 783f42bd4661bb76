import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { DocumentKind, DocumentsTable, DocumentUpdate, NewDocument } from '../db/tables/documents.table';
import { paginate, type PageInput } from './paginate';
import { paginateIds } from './paginate-ids';

// Cards and templates. Every list is one indexed, ordered LIMIT query plus one count.

/** Who is looking: the visibility filters need the school, the user and whether they see all of the school. */
export interface Viewer {
  clientId: number;
  userId: number;
  wholeSchool: boolean;
}

export function findDocument(db: Db, guid: string, kind?: DocumentKind) {
  let q = db.selectFrom('documents').selectAll().where('guid', '=', guid);
  if (kind) q = q.where('kind', '=', kind);
  return q.executeTakeFirst();
}

export function findDocumentById(db: Db, id: number) {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A document of the school, by id (undefined for another school's). */
export function findSchoolDocument(db: Db, clientId: number, id: number) {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

/** The row read inside a transaction and held (FOR UPDATE) until it commits. */
export function lockDocumentRow(db: Db, id: number) {
  return db.selectFrom('documents').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** The files a document's row names. */
export function documentFiles(db: Db, id: number) {
  return db.selectFrom('documents').select(['id', 'pdf_key', 'geometry_key']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Documents of `guids` never converted nor queued (the seeded templates on a fresh install). */
export function unqueuedDrafts(db: Db, guids: readonly string[]) {
  return db.selectFrom('documents').selectAll().where('guid', 'in', guids).where('status', '=', 'draft').where('pdf_job', 'is', null).execute();
}

/** Any document of `guids` not yet queued for conversion. */
export async function anyUnqueued(db: Db, guids: readonly string[]): Promise<boolean> {
  return !!(await db.selectFrom('documents').select('id').where('guid', 'in', guids).where('pdf_job', 'is', null).limit(1).executeTakeFirst());
}

/** Documents MySQL calls converting, with the job that converts them. */
export function convertingDocuments(db: Db) {
  return db.selectFrom('documents').selectAll().where('status', '=', 'converting').where('pdf_job', 'is not', null).execute();
}

/** Whether any document is converting. */
export async function anyConverting(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('documents').select('id').where('status', '=', 'converting').limit(1).executeTakeFirst());
}

export async function insertDocument(db: Db, values: NewDocument): Promise<number> {
  const result = await db.insertInto('documents').values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateDocument(db: Db, id: number, values: DocumentUpdate): Promise<void> {
  await db.updateTable('documents').set(values).where('id', '=', id).execute();
}

export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

const listColumns = [
  'd.id',
  'd.guid',
  'd.title',
  'd.description',
  'd.department',
  'd.subject',
  'd.mode',
  'd.size',
  'd.privacy',
  'd.share',
  'd.author',
  'd.status',
  'd.pdf_error',
  'd.disabled',
  'd.client_id',
  'd.user_id',
  'd.kind',
  'd.created_at',
] as const;

type CardSort = 'created_at' | 'title' | 'status';

/** A school's cards the viewer may see: their own and the school-wide ones, or all for administrators. */
export function listCards(db: Db, viewer: Viewer, sort: CardSort, order: 'asc' | 'desc', page: PageInput) {
  let q = db.selectFrom('documents as d').select('d.id').where('d.client_id', '=', viewer.clientId).where('d.kind', '=', 'card');
  if (!viewer.wholeSchool) {
    q = q.where((eb) => eb.or([eb('d.user_id', '=', viewer.userId), eb('d.privacy', '=', 'client')]));
  }
  // Orders follow the indexes of migrations 0201-0203, which also hold user_id and privacy, so the
  // count and the page of ids never touch the table; ending in id keeps pages stable.
  const ordered =
    sort === 'title'
      ? q.orderBy('d.title', order).orderBy('d.id', order)
      : sort === 'status'
        ? q.orderBy('d.status', order).orderBy('d.created_at', order).orderBy('d.id', order)
        : q.orderBy('d.created_at', order).orderBy('d.id', order);
  return paginateIds(ordered, page, (ids) => db.selectFrom('documents as d').select(listColumns).where('d.id', 'in', ids).execute());
}

/** Templates the viewer may use: system-wide, their school's, and their own. */
function usableBy(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database & { d: DocumentsTable }, 'd'>) =>
    eb.or([
      eb('d.privacy', '=', 'system'),
      eb.and([eb('d.privacy', '=', 'client'), eb('d.client_id', '=', viewer.clientId)]),
      eb.and([eb('d.privacy', '=', 'user'), eb('d.user_id', '=', viewer.userId)]),
    ]);
}

export function listUsableTemplates(db: Db, viewer: Viewer, page: PageInput) {
  const q = db
    .selectFrom('documents as d')
    .select(listColumns)
    .where('d.kind', '=', 'template')
    .where(usableBy(viewer))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc');
  return paginate(q, page);
}

/** The management table: the templates a school owns (system-wide ones for the system school). */
export function listSchoolTemplates(db: Db, clientId: number, page: PageInput) {
  const q = db
    .selectFrom('documents as d')
    .select(listColumns)
    .where('d.client_id', '=', clientId)
    .where('d.kind', '=', 'template')
    .where('d.privacy', 'in', ['client', 'system'])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc');
  return paginate(q, page);
}

export function schoolName(db: Db, clientId: number) {
  return db.selectFrom('clients').select(['id', 'name']).where('id', '=', clientId).executeTakeFirst();
}

/** guid, title and mode of the newest usable templates, for the default-template dropdowns. */
export function listUsableTemplateChoices(db: Db, viewer: Viewer, limit: number) {
  return db
    .selectFrom('documents as d')
    .select(['d.guid', 'd.title', 'd.mode'])
    .where('d.kind', '=', 'template')
    .where(usableBy(viewer))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

/** The mode of each of these templates that a school may use (system-wide or its own), by guid. */
export async function schoolTemplateModes(db: Db, clientId: number, guids: string[]): Promise<Map<string, string>> {
  if (guids.length === 0) return new Map();
  const rows = await db
    .selectFrom('documents as d')
    .select(['d.guid', 'd.mode'])
    .where('d.kind', '=', 'template')
    .where('d.guid', 'in', guids)
    .where(usableBy({ clientId, userId: 0, wholeSchool: true }))
    .execute();
  return new Map(rows.map((r) => [r.guid, r.mode]));
}
