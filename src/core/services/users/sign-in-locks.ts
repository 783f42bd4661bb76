import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { listTeachers, teacherFor, type ZTeacherListSchema } from './teachers';

/** The teacher list of the screens, each row saying whether failed sign-ins have locked it. */
export async function listTeachersWithLocks(deps: Deps, actor: Actor, input: z.infer<typeof ZTeacherListSchema>) {
  const page = await listTeachers(deps, actor, input);
  const locked = await deps.throttle.lockedUsers(page.data.map((row) => row.client_user_id));
  return { ...page, data: page.data.map((row) => ({ ...row, signin_locked: locked.has(row.client_user_id) })) };
}

/**
 * A school administrator (anyone who manages the teacher) ends a lockout at once: the teacher
 * can sign in again without waiting out the window. Logged like the lockout itself.
 */
export async function unlockTeacherSignIn(deps: Deps, actor: Actor, userId: number): Promise<{ name: string; wasLocked: boolean }> {
  const teacher = await teacherFor(deps, actor, userId);
  const wasLocked = await deps.throttle.unlockUser(teacher.client_user_id);
  console.warn(`[sign-in unlock] ${JSON.stringify({ user: teacher.client_user_id, by: actor.userId, wasLocked })}`);
  return { name: teacher.name, wasLocked };
}
