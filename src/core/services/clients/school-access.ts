import type { Permission } from '../../../shared/permissions';
import { requirePermission, type Actor } from '../../auth/actor';
import { resolveSchoolId } from '../../auth/tenancy';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { findClient } from '../../../data/repos/clients-admin.repo';

/**
 * The one gate of every school-administration service: the permission first (403), then the
 * tenancy rule (another tenant's school is 404). Returns the school id the caller may act on.
 */
export async function schoolFor(deps: Deps, actor: Actor, permission: Permission, requested?: number | null): Promise<number> {
  requirePermission(actor, permission);
  return resolveSchoolId(deps.db, actor, requested);
}

/** As schoolFor, and the row itself, for services that need its limit or licence. */
export async function loadSchool(deps: Deps, actor: Actor, permission: Permission, requested?: number | null) {
  const id = await schoolFor(deps, actor, permission, requested);
  const school = await findClient(deps.db, id);
  if (!school) throw new AppError('NOT_FOUND', 'error.notFound');
  return school;
}
