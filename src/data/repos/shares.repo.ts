import type { Db } from '../db/database';
import { paginate, type PageInput } from './paginate';

// Shares received by a school; the shared document is the receiver's own copy.

export async function insertShare(db: Db, values: { document_id: number; from_client_id: number; to_client_id: number; user_id: number; author: string }) {
  await db.insertInto('shares').values(values).execute();
}

export function listReceivedShares(db: Db, clientId: number, page: PageInput) {
  const q = db
    .selectFrom('shares as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('clients as c', 'c.id', 's.from_client_id')
    .select(['d.guid', 'd.title', 'd.privacy', 'd.status', 'd.disabled', 's.author', 's.created_at', 'c.name as client_name'])
    .where('s.to_client_id', '=', clientId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc');
  return paginate(q, page);
}


/** The share received by a school, found by its copy's guid. */
export function findReceivedShare(db: Db, guid: string, clientId: number) {
  return db
    .selectFrom('shares as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .select(['s.id', 's.document_id'])
    .where('d.guid', '=', guid)
    .where('s.to_client_id', '=', clientId)
    .executeTakeFirst();
}

/** Schools a card may be shared to: enabled ones other than the sender's and the system school. */
function shareTargets(db: Db, exceptClientId: number, systemCode: string) {
  return db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('status', '=', 'normal')
    .where('id', '!=', exceptClientId)
    .where('code', '!=', systemCode);
}

export function listShareTargetSchools(db: Db, exceptClientId: number, systemCode: string) {
  return shareTargets(db, exceptClientId, systemCode).orderBy('name').execute();
}

export function findShareTargetSchool(db: Db, id: number, exceptClientId: number, systemCode: string) {
  return shareTargets(db, exceptClientId, systemCode).where('id', '=', id).executeTakeFirst();
}

/** Schools a template may be copied to: any other school for the system administrator, else the sub-schools. */
export function listCopyTargetSchools(db: Db, clientId: number, anySchool: boolean) {
  let q = db.selectFrom('clients').select(['id', 'name']).where('id', '!=', clientId);
  if (!anySchool) q = q.where('parent_id', '=', clientId);
  return q.orderBy('name').execute();
}
