// Shared catalogue (tw, the default): server answers, validation and menu names.
// The spec's Chinese messages are these strings, verbatim. UI-only text lives in src/client/i18n.
export const tw = {
  // validation (back-office.md §5)
  'validation.required': '尚未填入資料',
  'validation.passwordLength': '密碼必須介於4-16字元',
  'validation.passwordMismatch': '兩次密碼輸入不相符',
  'validation.accountEmpty': '帳號不得為空',
  'validation.accountShort': '帳號過短',
  'validation.passwordEmpty': '密碼不得為空',
  'validation.passwordBadLength': '密碼長度不符',
  'validation.schoolRequired': '請選擇學校',
  'validation.emailRequired': '請輸入電子郵件',
  'validation.emailInvalid': '電子郵件格式不正確',
  'validation.emailShort': '電子郵件至少4個字元',
  'validation.invalid': '資料格式不正確',
  'validation.fields': '輸入資料有誤：{fields}',

  // auth
  'auth.signedIn': '登入成功',
  'auth.signedOut': '已登出',
  'auth.badCredentials': '帳號或密碼錯誤',
  'auth.schoolNotFound': '查無此學校代碼',
  'auth.throttledAccount': '此帳號登入失敗次數過多，請於 {minutes} 分鐘後再試',
  'auth.throttledAddress': '此網路位址登入失敗次數過多，請於 {minutes} 分鐘後再試',
  'auth.tokenMissing': '尚未登入，請重新登入',
  'auth.tokenExpired': '登入已逾時，請重新登入',
  'auth.userDisabled': '此帳號已停用，請洽學校管理者',
  'auth.schoolDisabled': '學校帳號已停用，請洽系統管理者',
  'auth.schoolNotStarted': '學校授權尚未開始（{date} 起），請洽系統管理者',
  'auth.schoolExpired': '學校授權已於 {date} 到期，請洽系統管理者',
  'auth.passwordChanged': '密碼已變更',
  'auth.oldPasswordWrong': '舊密碼錯誤',

  // generic answers
  'error.forbidden': '沒有權限執行此操作',
  'error.permission': '沒有「{permission}」的權限',
  'error.notFound': '找不到資料',
  'error.unknownCall': '找不到此功能：{call}',
  'error.malformedJson': '請求內容不是有效的 JSON',
  'error.tooLarge': '上傳檔案過大',
  'error.internal': '系統發生錯誤，請稍後再試',
  'ok.success': '成功',

  // side menu (names of menu_items rows)
  'menu.home': '首頁',
  'menu.cards': '卷卡管理',
  'menu.cards.lists': '卷卡列表',
  'menu.cards.create': '新增卷卡',
  'menu.cards.templates': '範本列表',
  'menu.cards.shares': '分享列表',
  'menu.cards.printTickets': '列印工作',
  'menu.client': '學校管理',
  'menu.client.lists': '學校列表',
  'menu.client.templates': '學校範本',
  'menu.system.setting': '預設範本設定',
  'menu.users': '教師管理',
  'menu.users.lists': '教師列表',
  'menu.users.import': '匯入教師',
  'menu.students': '學生資料',
  'menu.students.grade': '學生名單',
  'menu.students.import': '匯入學生名單',

  // permission catalogue (groups and their children)
  'perm.group.cards': '卷卡',
  'perm.cards.view': '檢視卷卡',
  'perm.cards.edit': '建立與編輯卷卡',
  'perm.cards.delete': '刪除卷卡',
  'perm.cards.print': '列印卷卡',
  'perm.cards.share': '分享卷卡',
  'perm.group.templates': '範本',
  'perm.templates.view': '使用範本',
  'perm.templates.manage': '管理學校範本',
  'perm.group.school': '學校',
  'perm.users.manage': '管理教師',
  'perm.students.manage': '管理學生名單',
  'perm.client.settings': '學校設定',
  'perm.group.system': '系統',
  'perm.system.clients': '管理學校',
  'perm.system.settings': '系統設定',

  // roles
  'role.system_admin': '系統管理者',
  'role.school_admin': '學校管理者',
  'role.teacher': '教師',
} as const;

export type MessageKey = keyof typeof tw;
