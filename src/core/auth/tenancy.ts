import type { Db } from '../../data/db/database';
import { schoolParent } from '../../data/repos/clients.repo';
import { AppError } from '../errors/app-error';
import type { Actor } from './actor';

/**
 * The school a request may act on. Ids from the request are never trusted: the system
 * administrator may name any school, a school administrator its own or one of its sub-schools,
 * anyone else only their own. Another tenant's id answers 404, revealing nothing of it.
 */
export async function resolveSchoolId(db: Db, actor: Actor, requested?: number | null): Promise<number> {
  if (requested === undefined || requested === null || requested === actor.clientId) return actor.clientId;
  const school = await schoolParent(db, requested);
  const mayUse = actor.role === 'system_admin' || (actor.role === 'school_admin' && school?.parent_id === actor.clientId);
  if (!school || !mayUse) throw new AppError('NOT_FOUND', 'error.notFound');
  return school.id;
}
