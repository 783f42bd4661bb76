import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import { PERMISSION_GROUPS } from '../../../shared/permissions';
import { requirePermission, type Actor } from '../../auth/actor';

/**
 * The grouped checklist behind every permission screen: groups with children `{permission, name}`.
 * Only the scopes the actor could ever hand out are listed (a school never sees system rights).
 */
export function getPermissionCatalogue(actor: Actor, locale: Locale) {
  requirePermission(actor, 'users.manage');
  const scopes = actor.role === 'system_admin' ? ['teacher', 'school', 'system'] : ['teacher', 'school'];
  return PERMISSION_GROUPS.map((group) => ({
    name: translate(locale, group.name),
    children: group.children
      .filter((c) => scopes.includes(c.scope))
      .map((c) => ({ permission: c.permission, name: translate(locale, c.name) })),
  })).filter((group) => group.children.length > 0);
}
