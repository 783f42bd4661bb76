import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/data/db/database';
import { insertDocument } from '../../src/data/repos/documents.repo';

interface DemoCardOptions {
  /** The demo school's account that owns it (default the teacher). */
  account?: 'teacher' | 'schooladmin';
  privacy?: 'user' | 'client';
  kind?: 'card' | 'template';
  state?: { status?: 'converting'; disabled?: number };
}

/** A card (or template) of a demo school account, straight in the database: { guid, id }. */
export async function insertDemoCard(db: Db, title: string, options: DemoCardOptions = {}): Promise<{ guid: string; id: number }> {
  const { account = 'teacher', privacy = 'client', kind = 'card', state = {} } = options;
  const owner = await db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['u.id', 'u.client_id'])
    .where('c.code', '=', 'demo')
    .where('u.account', '=', account)
    .executeTakeFirstOrThrow();
  const guid = randomUUID();
  const id = await insertDocument(db, { guid, kind, client_id: owner.client_id, user_id: owner.id, title, mode: 'omr', size: 'A4', privacy, source_id: null, pdf_key: null, ...state });
  return { guid, id };
}
