import { csvOf } from './sheets';

// What school A's administrator sends to reach school B through each school-administration call:
// B's ids in every field that names a record. Used by tests/integration/school-tenancy.test.ts.
export interface Target {
  school: number;
  sub: number;
  teacher: number;
}
export type Body = (b: Target) => Record<string, unknown>;
const byClient: Body = (b) => ({ client_id: b.school });
const byTeacher: Body = (b) => ({ client_user_id: b.teacher });
export const UPLOAD = { file: { name: 'x.csv', body: csvOf([['姓名', '帳號', '年級', '班級', '座號', '學號'], ['甲', 'zz1', 1, 1, 1, 'N1']]) } };

export const LEGACY: Record<string, Body> = {
  'client get clients': () => ({}),
  'client get lists': (b) => ({ parent_id: b.school }),
  'client get info': byClient,
  'client edit info': (b) => ({ client_id: b.school, name: 'hijacked', max_account: 1 }),
  'client add expirytime': (b) => ({ client_id: b.school, days: 30 }),
  'client delete client': (b) => ({ client_id: b.sub }),
  'client to freeze': byClient,
  'client to normal': byClient,
  'client get permission': byClient,
  'client save permission': (b) => ({ client_id: b.school, permission: [] }),
  'client get setting': byClient,
  'client save setting': (b) => ({ client_id: b.school, options: { Vcards: [{ key: 'omr', value: 'x' }] } }),
  'system get settings': byClient,
  'system save settings': (b) => ({ client_id: b.school, options: { Vcards: [{ key: 'omr', value: 'x' }] } }),
  'client get params': byClient,
  'client get data': byClient,
  'client save data': (b) => ({ client_id: b.school, data_mode: ['omr'], data_size: ['A3'] }),
  'client get defpermission': byClient,
  'client save defpermission': (b) => ({ client_id: b.school, data_permission: [] }),
  'permission get clientPermissions': byClient,
  'client get grade': byClient,
  'client get class': (b) => ({ client_id: b.school, grade: 1 }),
  'client get gradeLists': byClient,
  'client get classLists': (b) => ({ client_id: b.school, grade: 1 }),
  'client get students': byClient,
  'client import students': byClient,
  'previewExcelStudent * *': byClient,
  'user get lists': byClient,
  'user get info': byTeacher,
  'user edit info': (b) => ({ client_user_id: b.teacher, name: 'hijacked', account: 'hijacked' }),
  'user delete user': byTeacher,
  'user unlock signin': byTeacher,
  'user delete users': (b) => ({ ids: [b.teacher] }),
  'user get permission': byTeacher,
  'user save permission': (b) => ({ client_user_id: b.teacher, permission: [] }),
  'user import users': byClient,
};
export const UPLOADS = new Set(['client import students', 'previewExcelStudent * *', 'user import users']);

const upload = (b: Target) => ({ client_id: b.school, filename: 'x.csv', content: UPLOAD.file.body.toString('base64') });
export const TRPC: Record<string, Body> = {
  'clients.list': (b) => ({ parent_id: b.school }),
  'clients.all': () => ({}),
  'clients.info': byClient,
  'clients.save': (b) => ({ client_id: b.school, name: 'hijacked' }),
  'clients.extend': (b) => ({ client_id: b.school, days: 30 }),
  'clients.setStatus': (b) => ({ client_id: b.school, status: 'disabled' }),
  'clients.deletePreview': byClient,
  'clients.delete': (b) => ({ client_id: b.sub }),
  'clients.permission': byClient,
  'clients.savePermission': (b) => ({ client_id: b.school, permission: [] }),
  'clients.defPermission': byClient,
  'clients.saveDefPermission': (b) => ({ client_id: b.school, data_permission: [] }),
  'clients.cardData': byClient,
  'clients.saveCardData': (b) => ({ client_id: b.school, data_mode: ['omr'], data_size: ['A3'] }),
  'clients.setting': byClient,
  'clients.settingParams': byClient,
  'clients.saveSetting': (b) => ({ client_id: b.school, options: { Vcards: [] } }),
  // The host's per-school scan limits (issue 31): a school administrator of A reaches neither B's nor, being no host, its own.
  'clients.scanLimits': byClient,
  'clients.saveScanLimits': (b) => ({ client_id: b.school, scan_pages_in_flight: 1, scan_pages_per_day: 1 }),
  'teachers.list': byClient,
  'teachers.info': byTeacher,
  'teachers.save': (b) => ({ client_user_id: b.teacher, name: 'hijacked', account: 'hijacked' }),
  'teachers.delete': (b) => ({ ids: [b.teacher] }),
  'teachers.unlockSignIn': byTeacher,
  'teachers.grantable': byClient,
  'teachers.permission': byTeacher,
  'teachers.savePermission': (b) => ({ client_user_id: b.teacher, permission: [] }),
  'teachers.import': upload,
  'students.grades': byClient,
  'students.classes': (b) => ({ client_id: b.school, grade: 1 }),
  'students.list': byClient,
  'students.save': (b) => ({ client_id: b.school, grade: 1, class: 1, seat: 2, number: 'hijacked', name: 'hijacked' }),
  'students.delete': (b) => ({ client_id: b.school, id: 1 }),
  'students.export': byClient,
  'students.gradeOptions': byClient,
  'students.classOptions': (b) => ({ client_id: b.school, grade: 1 }),
  'students.preview': upload,
  'students.import': upload,
};

