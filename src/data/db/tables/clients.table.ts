import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type ClientStatus = 'normal' | 'disabled';

/** A school ("client" in the spec); `parent_id` links a sub-school to its parent. */
export interface ClientsTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  nickname: string;
  code: string;
  max_account: Generated<number>;
  /** Licence window as calendar dates (YYYY-MM-DD, school time); null means open-ended. */
  start_at: string | null;
  expiry_at: string | null;
  status: Generated<ClientStatus>;
  /** Scan limits the host sets (migration 0651): NULL the host's default, 0 none (docs/scan-batches.md "Limits"). */
  scan_pages_in_flight: Generated<number | null>;
  scan_pages_per_day: Generated<number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type ClientRow = Selectable<ClientsTable>;
export type NewClient = Insertable<ClientsTable>;
export type ClientUpdate = Updateable<ClientsTable>;
