import type { Db } from '../db/database';

export function listMenuItems(db: Db) {
  return db.selectFrom('menu_items').selectAll().orderBy('parent_id').orderBy('sort').execute();
}
