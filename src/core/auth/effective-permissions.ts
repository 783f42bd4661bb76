import { ALL_PERMISSIONS, type Permission } from '../../shared/permissions';
import type { UserRole } from '../../data/db/tables/users.table';

/**
 * What a user may do: a system administrator everything; a school administrator whatever its
 * school is allowed (teacher and school scope); a teacher what is both granted and allowed.
 */
export function effectivePermissions(
  role: UserRole,
  allowedForSchool: readonly string[],
  grantedToUser: readonly string[],
): Set<Permission> {
  const all = ALL_PERMISSIONS;
  if (role === 'system_admin') return new Set(all.map((p) => p.permission));
  const allowed = new Set(allowedForSchool);
  const scopes = role === 'school_admin' ? ['teacher', 'school'] : ['teacher'];
  const granted = role === 'school_admin' ? allowed : new Set(grantedToUser);
  return new Set(
    all.filter((p) => scopes.includes(p.scope) && allowed.has(p.permission) && granted.has(p.permission)).map((p) => p.permission),
  );
}
