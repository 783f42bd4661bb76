import type { Db } from '../../data/db/database';
import { deleteExpiredSessions } from '../../data/repos/sessions.repo';

/** Expired sessions are refused on use anyway; this keeps the table from growing without bound. */
export async function purgeExpiredSessions(db: Db): Promise<{ deleted: number }> {
  return { deleted: await deleteExpiredSessions(db, new Date()) };
}
