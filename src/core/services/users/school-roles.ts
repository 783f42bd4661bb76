import { SYSTEM_SCHOOL_CODE } from '../../../shared/limits';
import type { SchoolRole } from '../../../shared/schemas/users';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../../data/db/database';
import { AppError } from '../../errors/app-error';
import { findClient } from '../../../data/repos/clients-admin.repo';
import { countOtherAdmins } from '../../../data/repos/teachers.repo';

// Who may make someone a school administrator (學校管理者) or take it away (docs/school-administration.md
// "Roles"): the system administrator, or a school administrator within its schools (the gate
// `schoolFor` has already passed) — nobody grants more than they hold, and the system school has
// no school administrators. A school that has administrators always keeps at least one.

export async function assertMayAssignRole(db: Db, actor: Actor, clientId: number): Promise<void> {
  if (actor.role !== 'system_admin' && actor.role !== 'school_admin') throw new AppError('FORBIDDEN', 'users.roleNotYours', {}, { role: 'users.roleNotYours' });
  const school = await findClient(db, clientId);
  if (school?.code === SYSTEM_SCHOOL_CODE) throw new AppError('BAD_REQUEST', 'users.roleSystemSchool', {}, { role: 'users.roleSystemSchool' });
}

/** Inside the transaction that demotes or deletes `leaving`: refused if no administrator would be left. */
export async function assertAdminKept(trx: Db, clientId: number, leaving: readonly { id: number; role: string }[]): Promise<void> {
  const admins = leaving.filter((u) => u.role === 'school_admin').map((u) => u.id);
  if (admins.length === 0) return;
  if ((await countOtherAdmins(trx, clientId, admins)) === 0) throw new AppError('CONFLICT', 'users.lastAdmin');
}

/** A role from an import cell: 教師 / 學校管理者 or the English keys; empty is a teacher. */
export function roleOfCell(cell: string): SchoolRole | undefined {
  const value = cell.trim().toLowerCase();
  if (value === '' || value === '教師' || value === 'teacher') return 'teacher';
  if (value === '學校管理者' || value === '管理者' || value === 'school_admin') return 'school_admin';
  return undefined;
}
