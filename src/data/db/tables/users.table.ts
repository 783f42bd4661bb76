import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type UserRole = 'system_admin' | 'school_admin' | 'teacher';
export type UserStatus = 'normal' | 'disabled';

export interface UsersTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  /** Unique within its school, not globally. */
  account: string;
  password_hash: string;
  role: Generated<UserRole>;
  status: Generated<UserStatus>;
  /** 1 after an imported or reset password, until the user changes it (migration 1002). */
  must_change_password: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
