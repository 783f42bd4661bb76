import type { TChangePassword } from '../../../shared/schemas/auth';
import type { Actor } from '../../auth/actor';
import { hashPassword, verifyPassword } from '../../../data/password';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { listSignInSchools } from '../../../data/repos/clients.repo';
import { deleteSession, deleteUserSessions } from '../../../data/repos/sessions.repo';
import { findPasswordHash, updatePasswordHash } from '../../../data/repos/users.repo';

export function listSchoolsForSignIn(deps: Deps) {
  return listSignInSchools(deps.db);
}

export async function signOut(deps: Deps, actor: Actor): Promise<void> {
  await deleteSession(deps.db, actor.sessionId);
}

export function describeMe(actor: Actor) {
  return {
    name: actor.name,
    account: actor.account,
    role: actor.role,
    school: actor.school,
    permissions: [...actor.permissions],
    mustChangePassword: actor.mustChangePassword,
  };
}

/** A new password ends the user's other sessions: whoever else held one must sign in again. */
export async function changePassword(deps: Deps, actor: Actor, input: TChangePassword): Promise<void> {
  const row = await findPasswordHash(deps.db, actor.userId);
  if (!row || !(await verifyPassword(row.password_hash, input.oldpassword))) {
    throw new AppError('BAD_REQUEST', 'auth.oldPasswordWrong', {}, { oldpassword: 'auth.oldPasswordWrong' });
  }
  await updatePasswordHash(deps.db, actor.userId, await hashPassword(input.newpassword));
  await deleteUserSessions(deps.db, actor.userId, actor.sessionId);
}
