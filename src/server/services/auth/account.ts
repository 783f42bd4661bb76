import type { TChangePassword } from '../../../shared/schemas/auth';
import type { Actor } from '../../auth/actor';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { findClientByCode, listSignInSchools } from '../../repos/clients.repo';
import { deleteSession, deleteUserSessions } from '../../repos/sessions.repo';
import { findPasswordHash, updatePasswordHash } from '../../repos/users.repo';

export function listSchoolsForSignIn(deps: Deps) {
  return listSignInSchools(deps.db);
}

/**
 * What /login/<code> needs to know of a code the picker does not list: a disabled school still
 * gets the sign-in form (signing in then answers the spec's 學校帳號已停用); only a code no school
 * has is called unknown. Says nothing a sign-in attempt would not.
 */
export async function schoolSignInState(deps: Deps, code: string): Promise<{ state: 'active' | 'disabled' | 'missing' }> {
  const school = await findClientByCode(deps.db, code);
  if (!school) return { state: 'missing' };
  return { state: school.status === 'normal' ? 'active' : 'disabled' };
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
