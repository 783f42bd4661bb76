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
} as const satisfies Record<string, readonly [string, string]>;

export const securityMessages = splitPairs(messages);
