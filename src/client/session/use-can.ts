import type { Permission } from '../../shared/permissions';
import { trpc } from '../trpc/trpc';

/** Whether the signed-in user holds a permission (from auth.me, which the shell has loaded). */
export function useCan(permission: Permission): boolean {
  const me = trpc.auth.me.useQuery();
  return me.data?.permissions.includes(permission) ?? false;
}
