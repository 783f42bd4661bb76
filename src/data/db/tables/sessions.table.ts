import type { Generated, Insertable, Selectable } from 'kysely';

/** Lucia-style session: `id` is the SHA-256 (hex) of the token; the token itself is never stored. */
export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: Date;
  ip: string;
  user_agent: string;
  created_at: Generated<Date>;
  /** Refreshed at most every SESSION_LIMITS.touchSeconds; NULL until then (created_at stands in). */
  last_used_at: Date | null;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
