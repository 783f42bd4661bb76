// UI strings of roles (issue 14): the people list's role column, the user form's role choice and
// the school form's first administrator (tw and en side by side), spread into tw.ts/en.ts.
const tw = {
  'people.col.role': '身分',
  'people.role': '身分',
  'people.adminAllRights': '學校管理者擁有學校開放的全部權限，不需個別設定。',
  'school.edit.adminSection': '學校管理者（選填）',
  'school.edit.adminHint': '同時建立此學校的第一位學校管理者，由他管理教師與學生資料。',
  'school.edit.adminName': '管理者姓名',
  'school.edit.adminAccount': '管理者帳號',
  'school.edit.adminPassword': '管理者密碼',
  'status.403.textAdmin': '您沒有權限檢視此頁面，如需使用請洽系統管理者。',
  'mine.title': '本校與分校',
  'mine.ownSchool': '本校・代碼 {code}',
  'mine.subSchool': '分校・代碼 {code}',
  'mine.teachers': '教師列表',
  'mine.teacherImport': '匯入教師',
  'mine.students': '學生資料',
  'mine.studentImport': '匯入學生',
  'mine.defPermission': '預設權限設定',
  'mine.setting': '學校預設範本',
};

const en: Record<keyof typeof tw, string> = {
  'people.col.role': 'Role',
  'people.role': 'Role',
  'people.adminAllRights': 'A school administrator holds every right the school is allowed; nothing to set one by one.',
  'school.edit.adminSection': 'School administrator (optional)',
  'school.edit.adminHint': "Creates the school's first administrator too, who then manages its teachers and students.",
  'school.edit.adminName': 'Administrator name',
  'school.edit.adminAccount': 'Administrator account',
  'school.edit.adminPassword': 'Administrator password',
  'status.403.textAdmin': 'You are not allowed to view this page; ask the system administrator for access.',
  'mine.title': 'My school and sub-schools',
  'mine.ownSchool': 'This school · code {code}',
  'mine.subSchool': 'Sub-school · code {code}',
  'mine.teachers': 'Teachers',
  'mine.teacherImport': 'Import teachers',
  'mine.students': 'Students',
  'mine.studentImport': 'Import students',
  'mine.defPermission': 'Default permissions',
  'mine.setting': 'Default templates',
};

export const roleStrings = { tw, en };
