import type { Locale } from '../../../shared/limits';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { grantedToUser } from '../../../data/repos/permissions.repo';
import { replaceUserSet } from '../../../data/repos/permission-sets.repo';
import { permissionGroups } from '../permission/catalogue';
import { assertWithin, teacherGrantable } from '../clients/client-permissions';
import { teacherFor } from './teachers';

/** A teacher's checklist: only what the school allows is offered, and only that can be saved. */
export async function getTeacherPermission(deps: Deps, actor: Actor, locale: Locale, userId: number) {
  const teacher = await teacherFor(deps, actor, userId);
  const grantable = await teacherGrantable(deps, teacher.client_id);
  const granted = (await grantedToUser(deps.db, teacher.client_user_id)).filter((p) => grantable.has(p));
  return { client_user_id: teacher.client_user_id, name: teacher.name, groups: permissionGroups(locale, ['teacher'], grantable), permission: granted };
}

export async function saveTeacherPermission(deps: Deps, actor: Actor, input: { client_user_id: number; permission: string[] }) {
  const teacher = await teacherFor(deps, actor, input.client_user_id);
  const permissions = assertWithin(input.permission, await teacherGrantable(deps, teacher.client_id));
  await deps.db.transaction().execute((trx) => replaceUserSet(trx, [teacher.client_user_id], permissions));
}
