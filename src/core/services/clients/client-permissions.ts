import type { Locale } from '../../../shared/limits';
import { isPermission, permissionsOfScope, type PermissionScope } from '../../../shared/permissions';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { listSchoolSet, pruneOutside, replaceSchoolSet } from '../../../data/repos/permission-sets.repo';
import { permissionGroups } from '../permission/catalogue';
import { schoolFor } from './school-access';

/** A school may be allowed teacher- and school-scope rights; system rights never leave the system. */
const SCHOOL_GRANTABLE: PermissionScope[] = ['teacher', 'school'];

/** Throws 400 naming the first permission outside `allowed`. */
export function assertWithin(requested: readonly string[], allowed: ReadonlySet<string>): string[] {
  const bad = requested.find((p) => !allowed.has(p));
  // A known right is named by its label (管理教師), never its key; an unknown one is echoed as sent.
  if (bad) throw new AppError('BAD_REQUEST', 'clients.permissionNotAllowed', { permission: isPermission(bad) ? `perm.${bad}` : bad }, { permission: 'clients.permissionNotAllowed' });
  return [...new Set(requested)];
}

export async function getClientPermission(deps: Deps, actor: Actor, locale: Locale, clientId?: number) {
  const id = await schoolFor(deps, actor, 'system.clients', clientId);
  return { client_id: id, groups: permissionGroups(locale, SCHOOL_GRANTABLE), permission: await listSchoolSet(deps.db, 'client_permissions', id) };
}

/** Replaces the allowed set; defaults and teacher grants outside the new set are removed with it. */
export async function saveClientPermission(deps: Deps, actor: Actor, input: { client_id?: number; permission: string[] }) {
  const id = await schoolFor(deps, actor, 'system.clients', input.client_id);
  const permissions = assertWithin(input.permission, new Set(permissionsOfScope(...SCHOOL_GRANTABLE)));
  await deps.db.transaction().execute(async (trx) => {
    await replaceSchoolSet(trx, 'client_permissions', id, permissions);
    await pruneOutside(trx, id, permissions);
  });
}

/** What a teacher of this school could be given: teacher scope, within the school's allowed set. */
export async function teacherGrantable(deps: Deps, clientId: number): Promise<Set<string>> {
  const allowed = new Set(await listSchoolSet(deps.db, 'client_permissions', clientId));
  return new Set(permissionsOfScope('teacher').filter((p) => allowed.has(p)));
}

/** The checklist of a school's teacher rights (permission {get clientPermissions}). */
export async function getGrantableGroups(deps: Deps, actor: Actor, locale: Locale, clientId?: number) {
  const id = await schoolFor(deps, actor, 'users.manage', clientId);
  return permissionGroups(locale, ['teacher'], await teacherGrantable(deps, id));
}

export async function getDefPermission(deps: Deps, actor: Actor, locale: Locale, clientId?: number) {
  const id = await schoolFor(deps, actor, 'client.settings', clientId);
  const grantable = await teacherGrantable(deps, id);
  return {
    client_id: id,
    groups: permissionGroups(locale, ['teacher'], grantable),
    data_permission: await listSchoolSet(deps.db, 'client_default_permissions', id),
  };
}

export async function saveDefPermission(deps: Deps, actor: Actor, input: { client_id?: number; data_permission: string[] }) {
  const id = await schoolFor(deps, actor, 'client.settings', input.client_id);
  const permissions = assertWithin(input.data_permission, await teacherGrantable(deps, id));
  await deps.db.transaction().execute((trx) => replaceSchoolSet(trx, 'client_default_permissions', id, permissions));
}
