import { z } from 'zod';
import { accountIdentity } from '../../../shared/account-name';
import { PAGE_SIZE } from '../../../shared/limits';
import { ZTeacherListFilterSchema, type SchoolRole, type TTeacherEdit } from '../../../shared/schemas/users';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../../data/password';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { onDuplicate } from '../../../data/repos/duplicate-key';
import { paginate, pageInput } from '../../../data/repos/paginate';
import { listSchoolSet, replaceUserSet } from '../../../data/repos/permission-sets.repo';
import { deleteUserSessions } from '../../../data/repos/sessions.repo';
import {
  countTeachers,
  deleteTeachers as deleteTeacherRows,
  existingAccounts,
  findTeacher,
  findTeachersByIds,
  insertTeachers,
  teacherListQuery,
  updateTeacher,
} from '../../../data/repos/teachers.repo';
import { loadSchool, schoolFor } from '../clients/school-access';
import { assertAdminKept, assertMayAssignRole } from './school-roles';

export const ZTeacherListSchema = ZTeacherListFilterSchema.extend(pageInput(PAGE_SIZE.teachers).shape);

export async function listTeachers(deps: Deps, actor: Actor, input: z.infer<typeof ZTeacherListSchema>) {
  const id = await schoolFor(deps, actor, 'users.manage', input.client_id);
  return paginate(teacherListQuery(deps.db, id, input.name, input.role), input);
}

/** A teacher the caller may manage: unknown or another tenant's answers 404 alike. */
export async function teacherFor(deps: Deps, actor: Actor, userId: number) {
  const teacher = await findTeacher(deps.db, userId);
  if (!teacher) throw new AppError('NOT_FOUND', 'error.notFound');
  await schoolFor(deps, actor, 'users.manage', teacher.client_id);
  return teacher;
}

export async function getTeacherInfo(deps: Deps, actor: Actor, userId: number) {
  const { client_user_id, client_id, name, account, code, role } = await teacherFor(deps, actor, userId);
  return { client_user_id, client_id, name, account, code, role };
}

/** 409 naming the limit when `adding` more teachers would pass the school's max_account. */
export async function assertRoomFor(deps: Deps, school: { id: number; max_account: number }, adding: number): Promise<void> {
  const count = (await countTeachers(deps.db, school.id)) + adding;
  if (count <= school.max_account) return;
  if (adding === 1) throw new AppError('CONFLICT', 'clients.accountLimit', { limit: school.max_account });
  throw new AppError('CONFLICT', 'clients.accountLimitImport', { count, limit: school.max_account });
}

/**
 * Inserts teachers (and school administrators) with the school's default permissions, all or none.
 * `mustChange`: the password was chosen for them (an import), so they change it at first sign-in.
 */
export async function addTeachers(deps: Deps, clientId: number, rows: { name: string; account: string; password: string; role?: SchoolRole }[], mustChange = false) {
  const defaults = await listSchoolSet(deps.db, 'client_default_permissions', clientId);
  const hashed = await Promise.all(rows.map(async (r) => ({ name: r.name, account: r.account, role: r.role, password_hash: await hashPassword(r.password), must_change_password: mustChange ? 1 : 0 })));
  const taken = () => new AppError('CONFLICT', 'users.accountTaken', { account: rows.map((r) => r.account).join('、') });
  return onDuplicate(
    () =>
      deps.db.transaction().execute(async (trx) => {
        const ids = await insertTeachers(trx, clientId, hashed);
        await replaceUserSet(trx, ids, defaults);
        return ids;
      }),
    taken,
  );
}

export async function saveTeacher(deps: Deps, actor: Actor, input: TTeacherEdit): Promise<{ client_user_id: number }> {
  if (input.client_user_id !== undefined) {
    const teacher = await teacherFor(deps, actor, input.client_user_id);
    if (accountIdentity(input.account) !== accountIdentity(teacher.account)) await assertAccountFree(deps, teacher.client_id, input.account);
    const role = input.role ?? (teacher.role as SchoolRole);
    if (role !== teacher.role) await assertMayAssignRole(deps.db, actor, teacher.client_id);
    const password_hash = input.password ? await hashPassword(input.password) : undefined;
    // A password set by the administrator is a reset: the teacher changes it at the next sign-in.
    const values = { name: input.name, account: input.account, role, ...(password_hash ? { password_hash, must_change_password: 1 } : {}) };
    const taken = () => new AppError('CONFLICT', 'users.accountTaken', { account: input.account }, { account: 'users.accountTaken' });
    await onDuplicate(
      () =>
        deps.db.transaction().execute(async (trx) => {
          if (role !== teacher.role) await assertAdminKept(trx, teacher.client_id, [{ id: teacher.client_user_id, role: teacher.role }]);
          await updateTeacher(trx, teacher.client_user_id, values);
        }),
      taken,
    );
    // A new password signs the teacher out everywhere.
    if (password_hash) await deleteUserSessions(deps.db, teacher.client_user_id);
    return { client_user_id: teacher.client_user_id };
  }
  const school = await loadSchool(deps, actor, 'users.manage', input.client_id);
  if (!input.password) throw new AppError('BAD_REQUEST', 'users.passwordRequired', {}, { password: 'users.passwordRequired' });
  const role = input.role ?? 'teacher';
  if (role === 'school_admin') await assertMayAssignRole(deps.db, actor, school.id);
  await assertAccountFree(deps, school.id, input.account);
  // max_account limits teachers; administrators are not counted (docs/school-administration.md).
  if (role === 'teacher') await assertRoomFor(deps, school, 1);
  const [id] = await addTeachers(deps, school.id, [{ name: input.name, account: input.account, password: input.password, role }]);
  return { client_user_id: id };
}

async function assertAccountFree(deps: Deps, clientId: number, account: string): Promise<void> {
  if ((await existingAccounts(deps.db, clientId, [account])).size > 0) {
    throw new AppError('CONFLICT', 'users.accountTaken', { account }, { account: 'users.accountTaken' });
  }
}

/** Deletes one or many; every id must be a teacher the caller may manage, or nothing is deleted. */
export async function deleteTeachers(deps: Deps, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const found = await findTeachersByIds(deps.db, unique);
  if (found.length !== unique.length) throw new AppError('NOT_FOUND', 'error.notFound');
  for (const clientId of new Set(found.map((t) => t.client_id))) await schoolFor(deps, actor, 'users.manage', clientId);
  return deps.db.transaction().execute(async (trx) => {
    for (const clientId of new Set(found.map((t) => t.client_id))) await assertAdminKept(trx, clientId, found.filter((t) => t.client_id === clientId));
    return deleteTeacherRows(trx, unique);
  });
}
