import type { Insertable, Selectable } from 'kysely';

/** The catalogue: groups with children `{permission, name}` (names are catalogue keys). */
export interface PermissionGroupsTable {
  id: string;
  name: string;
  sort: number;
}

export interface PermissionsTable {
  permission: string;
  group_id: string;
  name: string;
  /** Who may hold it: teacher (grantable), school (school administrators), system. */
  scope: 'teacher' | 'school' | 'system';
  sort: number;
}

/** Rows of (owner, permission): allowed per school, defaults per school, granted per user. */
export interface ClientPermissionsTable {
  client_id: number;
  permission: string;
}
export interface ClientDefaultPermissionsTable {
  client_id: number;
  permission: string;
}
export interface UserPermissionsTable {
  user_id: number;
  permission: string;
}

export type PermissionRow = Selectable<PermissionsTable>;
export type NewPermission = Insertable<PermissionsTable>;
