import { splitPairs } from '../pairs';

// Roles of a school's people (issue 14): 教師 / 學校管理者, granted and revoked by administrators.
const messages = {
  'menu.client.mine': ['本校與分校', 'My school and sub-schools'],
  'role.teacher': ['教師', 'Teacher'],
  'role.school_admin': ['學校管理者', 'School administrator'],
  'role.system_admin': ['系統管理者', 'System administrator'],
  'users.roleNotYours': ['只有學校管理者或系統管理者可以設定學校管理者', 'Only a school or system administrator may make someone a school administrator'],
  'users.roleSystemSchool': ['系統學校不設學校管理者', 'The system school has no school administrators'],
  'users.lastAdmin': ['學校至少要保留一位學校管理者', 'A school keeps at least one school administrator'],
  'column.role': ['身分', 'Role'],
  'import.roleFormat': ['身分只能填「教師」或「學校管理者」', 'Role must be 教師 (teacher) or 學校管理者 (school_admin)'],
  'clients.adminIncomplete': ['學校管理者的姓名、帳號與密碼須一併填寫', 'Give the administrator a name, an account and a password, or none of them'],
} as const satisfies Record<string, readonly [string, string]>;

export const roleMessages = splitPairs(messages);
