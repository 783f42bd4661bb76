import { assertSchoolActive } from '../../auth/licence';
import type { Actor } from '../../auth/actor';
import { effectivePermissions } from '../../auth/effective-permissions';
import { sessionIdOf } from '../../auth/session-token';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { allowedForClient, grantedToUser } from '../../../data/repos/permissions.repo';
import { SESSION_LIMITS } from '../../../shared/session-limits';
import { deleteSchoolSessions, deleteSession, findSessionWithOwner, refreshSession } from '../../../data/repos/sessions.repo';

/**
 * Lucia's validation: look the token's digest up, drop it when expired, slide the expiry when
 * less than half the lifetime is left (telling `onExtended`). A disabled user or school ends every session it has.
 */
export async function validateSession(deps: Deps, token: string | null, onExtended?: (expiresAt: Date) => void): Promise<Actor> {
  if (!token) throw new AppError('UNAUTHORIZED', 'auth.tokenMissing');
  const { db, config } = deps;
  const row = await findSessionWithOwner(db, sessionIdOf(token));
  if (!row) throw new AppError('UNAUTHORIZED', 'auth.tokenExpired');

  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await deleteSession(db, row.sessionId);
    throw new AppError('UNAUTHORIZED', 'auth.tokenExpired');
  }
  if (row.userStatus !== 'normal') {
    await deleteSession(db, row.sessionId);
    throw new AppError('FORBIDDEN', 'auth.userDisabled');
  }
  try {
    assertSchoolActive(row);
  } catch (error) {
    await deleteSchoolSessions(db, row.clientId);
    throw error;
  }

  const ttl = config.SESSION_TTL_HOURS * 3_600_000;
  const change: { expires_at?: Date; last_used_at?: Date } = {};
  if (row.expiresAt.getTime() - now < ttl / 2) change.expires_at = new Date(now + ttl);
  if (now - (row.lastUsedAt ?? row.createdAt).getTime() > SESSION_LIMITS.touchSeconds * 1000) change.last_used_at = new Date(now);
  if (change.expires_at || change.last_used_at) await refreshSession(db, row.sessionId, change);
  // A cookie session's cookie expires with it, so it is set again when the expiry slides.
  if (change.expires_at) onExtended?.(change.expires_at);

  const [allowed, granted] = await Promise.all([allowedForClient(db, row.clientId), grantedToUser(db, row.userId)]);
  return {
    userId: row.userId,
    clientId: row.clientId,
    role: row.role,
    name: row.name,
    account: row.account,
    school: { code: row.schoolCode, name: row.schoolName },
    sessionId: row.sessionId,
    permissions: effectivePermissions(row.role, allowed, granted),
    mustChangePassword: row.mustChangePassword === 1,
  };
}
