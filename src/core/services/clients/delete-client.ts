import { SYSTEM_SCHOOL_CODE } from '../../../shared/limits';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { countSchoolHoldings, countSubClients, deleteClientRows } from '../../../data/repos/clients-admin.repo';
import { loadSchool } from './school-access';

/** What the delete confirmation tells the administrator the school holds. */
export async function describeClientDeletion(deps: Deps, actor: Actor, clientId: number) {
  const school = await loadSchool(deps, actor, 'system.clients', clientId);
  const [holdings, subClients] = await Promise.all([countSchoolHoldings(deps.db, school.id), countSubClients(deps.db, school.id)]);
  return { client_id: school.id, name: school.name, ...holdings, sub_clients: subClients };
}

/**
 * Deletes a school with its cards, templates, teachers, students, permissions and settings in one
 * transaction.
 * A school with sub-schools is refused (409): deleting those is a decision of its own.
 */
export async function deleteClient(deps: Deps, actor: Actor, clientId: number): Promise<void> {
  const school = await loadSchool(deps, actor, 'system.clients', clientId);
  if (school.code === SYSTEM_SCHOOL_CODE) throw new AppError('FORBIDDEN', 'clients.systemUndeletable');
  const subClients = await countSubClients(deps.db, school.id);
  if (subClients > 0) throw new AppError('CONFLICT', 'clients.hasSubClients', { count: subClients });
  await deps.db.transaction().execute((trx) => deleteClientRows(trx, school.id));
}
