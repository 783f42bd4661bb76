import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import { PERMISSION_GROUPS, type PermissionScope } from '../../../shared/permissions';
import { requirePermission, type Actor } from '../../auth/actor';

/** Catalogue groups with children `{permission, name}`, limited to scopes and optionally a set. */
export function permissionGroups(locale: Locale, scopes: readonly PermissionScope[], only?: ReadonlySet<string>) {
  return PERMISSION_GROUPS.map((group) => ({
    name: translate(locale, group.name),
    children: group.children
      .filter((c) => scopes.includes(c.scope) && (!only || only.has(c.permission)))
      .map((c) => ({ permission: c.permission, name: translate(locale, c.name) })),
  })).filter((group) => group.children.length > 0);
}

/**
 * The grouped checklist behind every permission screen: groups with children `{permission, name}`.
 * Only the scopes the actor could ever hand out are listed (a school never sees system rights).
 */
export function getPermissionCatalogue(actor: Actor, locale: Locale) {
  requirePermission(actor, 'users.manage');
  const scopes: PermissionScope[] = actor.role === 'system_admin' ? ['teacher', 'school', 'system'] : ['teacher', 'school'];
  return permissionGroups(locale, scopes);
}
