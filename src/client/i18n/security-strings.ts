import { splitPairs } from '../../shared/i18n/pairs';

// UI strings of the account's sessions (and later sign-in security screens): [tw, en] side by side.
const securityStrings = {
  'sessions.menu': ['登入中的裝置', 'Signed-in devices'],
  'sessions.title': ['登入中的裝置', 'Signed-in devices'],
  'sessions.description': ['你的帳號目前在這些裝置上保持登入。若有不認得的裝置，請登出其他裝置並變更密碼。', 'Your account is signed in on these devices. If you do not recognise one, sign out elsewhere and change your password.'],
  'sessions.device': ['裝置', 'Device'],
  'sessions.address': ['位址', 'Address'],
  'sessions.lastUsed': ['最後使用', 'Last used'],
  'sessions.current': ['目前裝置', 'This device'],
  'sessions.unknownDevice': ['未知裝置', 'Unknown device'],
  'sessions.signOutElsewhere': ['登出其他裝置', 'Sign out elsewhere'],
  'sessions.onlyThis': ['只有目前這個裝置登入中', 'Only this device is signed in'],
  'teacher.signInLocked': ['登入鎖定中', 'Sign-in locked'],
  'teacher.unlockSignIn': ['解除鎖定', 'Unlock'],
  'password.mustChange': ['你的密碼由學校管理者設定，請先變更密碼再繼續使用。', 'Your password was set by the school administrator: change it before you go on.'],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(securityStrings);
export const securityStringsTw = split.tw;
export const securityStringsEn = split.en;
