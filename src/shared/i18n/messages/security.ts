import { CARD_TITLE_MAX } from '../../card/constants';
import { splitPairs } from '../pairs';

// Request bounds, sign-in limits, sessions and account names (docs/architecture.md): [tw, en] side by side.
const messages = {
  'request.tooDeep': ['請求內容層級過深', 'The request is nested too deeply'],
  'request.batchTooLarge': ['一次請求最多 {max} 項', 'At most {max} calls in one request'],
  'session.signedOutElsewhere': ['已登出其他 {count} 個裝置', 'Signed out on {count} other devices'],
  'validation.accountHiddenChars': ['帳號不可包含控制字元或隱藏字元', 'The account must not contain control or invisible characters'],
  'users.signInUnlocked': ['已解除「{name}」的登入鎖定', 'Sign-in unlocked for {name}'],
  'card.titleTooLong': [`卷卡名稱不可超過 ${CARD_TITLE_MAX} 個字`, `A card title has at most ${CARD_TITLE_MAX} characters`],
  'validation.textTooLong': ['內容超過字數上限', 'Too many characters'],
  'import.defaultPasswordLength': ['未填密碼時以帳號為密碼，但帳號不符合密碼 4-16 字元的規則，請填寫密碼', 'With no password the account is the password, but this account does not meet the 4-16 character rule: give a password'],
  'auth.mustChangePassword': ['請先變更密碼', 'Change your password first'],
  'request.foreignOrigin': ['拒絕來自其他網站的請求', 'Requests from another site are refused'],
  // Malformed requests and what libraries say about them, in our words (docs/architecture.md, "Malformed input").
  'request.badCookie': ['登入用的 Cookie 格式不正確，已清除，請重新整理頁面後再試', 'A sign-in cookie was malformed and has been cleared; reload the page and try again'],
  'request.badEscape': ['網址或請求含有無法解讀的編碼（%）', 'The address or request contains an invalid percent-escape'],
  'request.badMultipart': ['上傳的表單不完整或格式不正確，請重新上傳', 'The uploaded form is incomplete or malformed; please upload it again'],
  'request.fieldTooLong': ['表單欄位內容過長', 'A form field is too long'],
  'request.tooManyFields': ['表單欄位過多', 'The form has too many fields'],
  'request.tooManyFiles': ['一次只能上傳一個檔案', 'Upload one file at a time'],
  'request.fileField': ['上傳的檔案須放在名為 file 的欄位，且只能有一個', 'The file must be sent once, in the field named file'],
  'request.malformed': ['請求格式不正確', 'The request is malformed'],
  'request.noSuchCall': ['找不到此功能', 'No such function'],
  'request.wrongMethod': ['此功能不接受這種請求方式', 'This function does not accept this kind of request'],
  'request.tooMany': ['請求過於頻繁，請稍後再試', 'Too many requests; try again later'],
  'request.wrongContentType': ['不支援此請求的內容類型', 'This content type is not supported'],
  'file.broken.pdf': ['PDF 檔已損壞或不完整', 'the PDF is damaged or incomplete'],
  'file.broken.image': ['圖片檔已損壞、不完整或格式不支援', 'the image is damaged, incomplete or of an unsupported kind'],
  'file.broken.zip': ['ZIP 檔已損壞或不完整', 'the ZIP file is damaged or incomplete'],
  'job.failedUnknown': ['處理時發生錯誤，請稍後再試；若一再發生，請洽系統管理者', 'Something went wrong while processing; try again later, and if it keeps happening, contact the administrator'],
} as const satisfies Record<string, readonly [string, string]>;

export const securityMessages = splitPairs(messages);
