import type { Actor } from '../../auth/actor';
import { deviceLabel } from '../../auth/device-label';
import type { Deps } from '../../deps';
import { deleteUserSessions, listUserSessions } from '../../../data/repos/sessions.repo';

export interface SessionSummary {
  /** A short, stable handle for lists (a prefix of the stored digest; the token stays unknowable). */
  key: string;
  current: boolean;
  device: string;
  address: string;
  lastUsedAt: string;
  createdAt: string;
}

/** The caller's own live sessions (never another user's), for the account menu. */
export async function listMySessions(deps: Deps, actor: Actor): Promise<SessionSummary[]> {
  const rows = await listUserSessions(deps.db, actor.userId, new Date());
  return rows.map((row) => ({
    key: row.id.slice(0, 12),
    current: row.id === actor.sessionId,
    device: deviceLabel(row.user_agent),
    address: row.ip,
    lastUsedAt: (row.last_used_at ?? row.created_at).toISOString(),
    createdAt: row.created_at.toISOString(),
  }));
}

/** "Sign out elsewhere": ends every session of the caller but this one; returns how many ended. */
export function signOutElsewhere(deps: Deps, actor: Actor): Promise<number> {
  return deleteUserSessions(deps.db, actor.userId, actor.sessionId);
}
