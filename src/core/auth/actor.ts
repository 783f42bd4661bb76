import type { Permission } from '../../shared/permissions';
import type { UserRole } from '../../data/db/tables/users.table';
import { AppError } from '../errors/app-error';

/** Who is calling: every service takes this, never ids from the request, to scope tenant data. */
export interface Actor {
  userId: number;
  clientId: number;
  role: UserRole;
  name: string;
  account: string;
  school: { code: string; name: string };
  sessionId: string;
  permissions: ReadonlySet<Permission>;
  /** An imported or reset password not yet changed: the client sends the user to /resetpwd. */
  mustChangePassword: boolean;
}

export function requirePermission(actor: Actor, permission: Permission): void {
  if (!actor.permissions.has(permission)) {
    throw new AppError('FORBIDDEN', 'error.permission', { permission: `perm.${permission}` });
  }
}
