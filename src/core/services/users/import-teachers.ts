import { PASSWORD_CHANGE_MAX, PASSWORD_CHANGE_MIN } from '../../../shared/limits';
import { accountIdentity, hasHiddenCharacters, normaliseAccount } from '../../../shared/account-name';
import { TEACHER_ACCOUNT_PATTERN } from '../../../shared/schemas/users';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { UploadedFile } from '../import/uploaded-file';
import { existingAccounts } from '../../../data/repos/teachers.repo';
import { loadSchool } from '../clients/school-access';
import { readSheet } from '../import/read-sheet';
import { keyLines, RowErrors, type ColumnSpec } from '../import/sheet-columns';
import { assertMayAssignRole, roleOfCell } from './school-roles';
import { addTeachers, assertRoomFor } from './teachers';

const COLUMNS = [
  { key: 'name', aliases: ['姓名', 'name'], required: true },
  { key: 'account', aliases: ['帳號', 'account'], required: true },
  { key: 'password', aliases: ['密碼', 'password'], required: false },
  // Optional (issue 14): 教師 / 學校管理者; empty or missing is a teacher.
  { key: 'role', aliases: ['身分', '角色', 'role'], required: false },
] as const satisfies readonly ColumnSpec<string>[];

const MAX_CHARS = 100;

/**
 * Imports teachers from a file: name and account, and a password when given — otherwise the
 * password is the account (spec §4). Any bad row, an account already used, or passing the
 * school's account limit rejects the whole file.
 */
export async function importTeachers(deps: Deps, actor: Actor, clientId: number | undefined, file: UploadedFile | undefined) {
  const school = await loadSchool(deps, actor, 'users.manage', clientId);
  // Accounts in one spelling (NFKC); one with hidden characters is refused by name, not as a bad format.
  const lines = keyLines(await readSheet(file), COLUMNS).map((l) => ({ ...l, hidden: hasHiddenCharacters(l.account), account: normaliseAccount(l.account) }));
  const errors = new RowErrors();
  const seen = new Set<string>();
  const taken = await existingAccounts(deps.db, school.id, lines.map((l) => l.account).filter(Boolean));
  for (const l of lines) {
    if (!l.name) errors.add(l.line, 'name', 'import.cellRequired');
    else if (l.name.length > MAX_CHARS) errors.add(l.line, 'name', 'import.cellTooLong');
    const key = accountIdentity(l.account);
    if (!l.account) errors.add(l.line, 'account', 'import.cellRequired');
    else if (l.hidden) errors.add(l.line, 'account', 'validation.accountHiddenChars');
    else if (l.account.length > MAX_CHARS || !TEACHER_ACCOUNT_PATTERN.test(l.account)) errors.add(l.line, 'account', 'import.cellFormat');
    else if (seen.has(key)) errors.add(l.line, 'account', 'import.duplicateAccount');
    else if (taken.has(key)) errors.add(l.line, 'account', 'import.accountExists');
    seen.add(key);
    // The 4–16 rule of every password; an empty cell means the account, which must meet it too
    // (checked once the account itself is valid, so one mistake is reported once).
    const password = l.password || l.account;
    const accountFlagged = !l.account || l.hidden || errors.has(l.line, 'account');
    if (!accountFlagged && (password.length < PASSWORD_CHANGE_MIN || password.length > PASSWORD_CHANGE_MAX)) {
      errors.add(l.line, 'password', l.password ? 'validation.passwordLength' : 'import.defaultPasswordLength');
    }
    if (!roleOfCell(l.role)) errors.add(l.line, 'role', 'import.roleFormat');
  }
  errors.throwIfAny();
  const roles = lines.map((l) => roleOfCell(l.role) ?? 'teacher');
  if (roles.includes('school_admin')) await assertMayAssignRole(deps.db, actor, school.id);
  await assertRoomFor(deps, school, roles.filter((r) => r === 'teacher').length);
  const ids = await addTeachers(
    deps,
    school.id,
    lines.map((l, i) => ({ name: l.name, account: l.account, password: l.password || l.account, role: roles[i] })),
    true,
  );
  return { count: ids.length };
}
