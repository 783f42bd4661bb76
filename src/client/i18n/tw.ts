import { cardStringsTw } from './cards-strings';
import { editorDialogStringsTw } from './editor-dialog-strings';
import { printStringsTw } from './print-strings';
import { scanStringsTw } from './scan-strings';
import { captureStringsTw } from './capture-strings';
import { scoresStringsTw } from './scores-strings';
import { gradingStringsTw } from './grading-strings';
import { editorStringsTw } from './editor-strings';
import { editorPageStringsTw } from './editor-page-strings';

// UI-only strings (tw, the default). Server answers, validation and menu names live in the
// shared catalogue (src/shared/i18n); useT() looks in both.
import { peopleStrings } from './people-strings';
import { roleStrings } from './role-strings';
import { schoolStrings } from './school-strings';
import { viewerStringsTw } from './viewer-strings';
import { securityStringsTw } from './security-strings';

export const clientTw = {
  ...schoolStrings.tw,
  ...peopleStrings.tw,
  ...roleStrings.tw,
  ...printStringsTw,
  ...scanStringsTw,
  ...captureStringsTw,
  ...scoresStringsTw,
  ...gradingStringsTw,
  'app.name': 'Answer Card Studio',
  'app.nameLocal': '卷卡工作室',
  'app.tagline': '設計、轉存與列印可供機器判讀的答案卷卡',

  'login.title': '登入',
  'login.subtitle': '請使用學校配發的帳號登入',
  'login.school': '學校',
  'login.schoolPlaceholder': '請選擇學校',
  'login.schoolSearch': '搜尋學校名稱或代碼',
  'login.schoolNone': '找不到符合的學校',
  'login.schoolLoading': '載入學校清單中…',
  'login.schoolFixed': '學校代碼：',
  'login.account': '帳號',
  'login.password': '密碼',
  'login.submit': '登入',
  'login.submitting': '登入中…',
  'login.forgot': '忘記密碼？',
  'login.register': '申請帳號',
  'login.failed': '登入失敗',
  'login.unknownSchool': '找不到學校代碼「{code}」的學校',
  'login.unknownSchoolHint': '這所學校不存在，請從下方清單選擇您的學校。',

  'public.backToLogin': '返回登入',
  'public.notOffered': '本系統不提供自助服務',
  'public.contactAdmin': '帳號由學校管理者建立與重設，請洽詢貴校的系統管理者協助處理。',
  'public.email': '電子郵件',
  'public.check': '檢查資料',
  'public.checked': '資料格式正確，但本系統無法自動寄送或建立帳號，請洽學校管理者。',
  'register.title': '申請帳號',
  'register.subtitle': '教師帳號由學校管理者建立',
  'forgot.title': '忘記密碼',
  'forgot.subtitle': '輸入您的電子郵件',
  'resetPassword.title': '重設密碼',
  'resetPassword.subtitle': '密碼重設由學校管理者處理',

  'home.noticeTitle': '系統公告',
  'home.notice':
    '系統將於 2022-11-23 13:30 起進行更新，預計於 2022-11-24 09:00 完成。更新期間請勿新增或編輯卷卡。',
  'home.noticeDismiss': '我知道了，不再顯示',
  'home.welcome': '歡迎回來，{name}',
  'home.welcomeText': '從左側選單或下方的常用功能開始設計、轉存與列印卷卡。',
  'home.school': '學校',
  'home.role': '身分',
  'home.shortcuts': '常用功能',
  'home.account': '帳號',

  'shell.menu': '切換選單',
  'shell.userMenu': '使用者選單',
  'shell.changePassword': '變更密碼',
  'shell.signOut': '登出',
  'shell.signingOut': '登出中...',
  'shell.language': '語言',
  'shell.theme': '佈景主題',
  'shell.themeLight': '淺色',
  'shell.themeDark': '深色',
  'shell.direction': '文字方向',
  'shell.ltr': '由左至右',
  'shell.rtl': '由右至左',
  'shell.navigation': '主選單',
  'shell.menuLoading': '載入選單中…',
  'shell.home': '回到首頁',
  'locale.tw': '繁體中文',
  'locale.en': 'English',

  'password.title': '變更密碼',
  'password.subtitle': '新密碼長度需為 4 到 16 個字元',
  'password.old': '舊密碼',
  'password.new': '新密碼',
  'password.confirm': '確認新密碼',
  'password.submit': '變更密碼',
  'password.failed': '變更失敗',

  'status.403.title': '沒有權限',
  'status.403.text': '您沒有權限檢視此頁面，如需使用請洽學校管理者。',
  'status.404.title': '找不到頁面',
  'status.404.text': '您要找的頁面不存在或已被移除。',
  'status.error.title': '發生錯誤',
  'status.error.text': '系統發生未預期的錯誤，請回到首頁後再試一次。',
  'status.backHome': '回到首頁',

  'feedback.success': '成功',
  'feedback.undo': '復原',
  'feedback.error': '錯誤',
  'feedback.failure': '失敗',
  'feedback.uploadError': '上傳錯誤',
  'feedback.ok': '確定',
  'feedback.notice': '提示',
  'feedback.close': '關閉',
  'footer.rights': '卷卡工作室',
  ...cardStringsTw,
  ...viewerStringsTw,
  ...editorDialogStringsTw,
  ...editorStringsTw,
  ...securityStringsTw,
  ...editorPageStringsTw,
} as const;

export type ClientKey = keyof typeof clientTw;
