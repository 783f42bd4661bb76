import { z } from 'zod';
import { PAGE_SIZE } from '../../../shared/limits';
import { ZClientListFilterSchema } from '../../../shared/schemas/clients';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { resolveSchoolId } from '../../auth/tenancy';
import { clientListQuery, findClient, listClientsBrief, ownSchools } from '../../../data/repos/clients-admin.repo';
import { findClientByCode } from '../../../data/repos/clients.repo';
import { paginate, pageInput } from '../../../data/repos/paginate';
import { schoolFor } from './school-access';

export const ZClientListSchema = ZClientListFilterSchema.extend(pageInput(PAGE_SIZE.clients).shape);
export type TClientList = z.infer<typeof ZClientListSchema>;

/** The school list (system administrator): top-level schools, or one school's sub-schools. */
export async function listClients(deps: Deps, actor: Actor, input: TClientList) {
  const parentId = input.parent_id === undefined ? null : await schoolFor(deps, actor, 'system.clients', input.parent_id);
  if (parentId === null) await schoolFor(deps, actor, 'system.clients');
  const page = await paginate(clientListQuery(deps.db, parentId, input.q), input);
  return {
    ...page,
    data: page.data.map((row) => ({
      ...row,
      total: Number(row.total ?? 0),
      students: Number(row.students ?? 0),
      sub_clients: Number(row.sub_clients ?? 0),
    })),
  };
}

/** Every school but the system one, for pickers (sharing to a school, copying templates). */
export async function listAllClients(deps: Deps, actor: Actor) {
  await schoolFor(deps, actor, 'system.clients');
  return listClientsBrief(deps.db);
}

/**
 * A school administrator's schools (/client/mine, issue 14): its own and its sub-schools, each
 * leading to the per-school pages it may use. Teachers have none to look after.
 */
export async function listOwnSchools(deps: Deps, actor: Actor) {
  if (actor.role === 'teacher') throw new AppError('FORBIDDEN', 'error.forbidden');
  return ownSchools(deps.db, actor.clientId);
}

/** The school a per-school page is about (its title names it): the actor's own, or one it may reach. */
export async function schoolNameOf(deps: Deps, actor: Actor, clientId?: number) {
  const id = await resolveSchoolId(deps.db, actor, clientId);
  const school = await findClient(deps.db, id);
  if (!school) throw new AppError('NOT_FOUND', 'error.notFound');
  return { client_id: school.id, name: school.name, code: school.code };
}

/**
 * Whether any school, enabled or not, has this code: /login/<code> says a code names no school
 * only when that is so (a disabled school's sign-in still says 學校帳號已停用). No name, no id: the
 * enabled schools are public through the sign-in picker anyway.
 */
export async function schoolCodeKnown(deps: Deps, code: string): Promise<boolean> {
  return (await findClientByCode(deps.db, code)) !== undefined;
}
