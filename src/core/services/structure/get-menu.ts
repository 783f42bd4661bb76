import type { Locale } from '../../../shared/limits';
import { isPermission } from '../../../shared/permissions';
import { translate } from '../../../shared/i18n/translate';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { listMenuItems } from '../../../data/repos/menu.repo';

/** Entries a school administrator needs and the system administrator has a wider screen for. */
const SCHOOL_ADMIN_ONLY = new Set(['/client/mine']);

export interface MenuEntry {
  id: number;
  name: string;
  redirect: string;
  icon: string | null;
  children: { id: number; name: string; redirect: string }[];
}

/** The side menu the actor may use: items it lacks the permission for, and emptied parents, drop out. */
export async function getMenu(deps: Deps, actor: Actor, locale: Locale): Promise<MenuEntry[]> {
  const rows = await listMenuItems(deps.db);
  const may = (permission: string | null) => permission === null || (isPermission(permission) && actor.permissions.has(permission));
  const shown = (r: { redirect: string; permission: string | null }) => may(r.permission) && !(actor.role === 'system_admin' && SCHOOL_ADMIN_ONLY.has(r.redirect));
  const top = rows.filter((r) => r.parent_id === null && may(r.permission));
  return top
    .map((item) => {
      const children = rows
        .filter((r) => r.parent_id === item.id && shown(r))
        .map((c) => ({ id: c.id, name: translate(locale, c.name), redirect: c.redirect }));
      return { id: item.id, name: translate(locale, item.name), redirect: item.redirect, icon: item.icon, children };
    })
    .filter((item) => item.children.length > 0 || !rows.some((r) => r.parent_id === item.id));
}
