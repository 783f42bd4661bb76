import type { Generated, Selectable } from 'kysely';

/** Side menu; a child names its parent; `permission` null means every signed-in user sees it. */
export interface MenuItemsTable {
  id: Generated<number>;
  parent_id: number | null;
  /** A catalogue key (src/shared/i18n), translated per request. */
  name: string;
  redirect: string;
  icon: string | null;
  permission: string | null;
  sort: number;
}

export type MenuItemRow = Selectable<MenuItemsTable>;
