import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/database';
import { insertDocument } from '../../src/server/repos/documents.repo';

/** A card (or personal template) of the demo school's teacher, straight in the database: { guid, id }. */
export async function insertTeacherCard(
  db: Db,
  title: string,
  privacy: 'user' | 'client' = 'client',
  kind: 'card' | 'template' = 'card',
  state: { status?: 'converting'; disabled?: number } = {},
): Promise<{ guid: string; id: number }> {
  const teacher = await db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['u.id', 'u.client_id'])
    .where('c.code', '=', 'demo')
    .where('u.account', '=', 'teacher')
    .executeTakeFirstOrThrow();
  const guid = randomUUID();
  const id = await insertDocument(db, { guid, kind, client_id: teacher.client_id, user_id: teacher.id, title, mode: 'omr', size: 'A4', privacy, source_id: null, pdf_key: null, ...state });
  return { guid, id };
}
