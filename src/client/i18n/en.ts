import { cardStringsEn } from './cards-strings';
import { editorDialogStringsEn } from './editor-dialog-strings';
import { printStringsEn } from './print-strings';
import { scanStringsEn } from './scan-strings';
import { captureStringsEn } from './capture-strings';
import { scoresStringsEn } from './scores-strings';
import { gradingStringsEn } from './grading-strings';
import { editorStringsEn } from './editor-strings';
import { editorPageStringsEn } from './editor-page-strings';
import { peopleStrings } from './people-strings';
import { roleStrings } from './role-strings';
import { schoolStrings } from './school-strings';
import { viewerStringsEn } from './viewer-strings';
import { securityStringsEn } from './security-strings';
import type { ClientKey } from './tw';

export const clientEn: Record<ClientKey, string> = {
  ...schoolStrings.en,
  ...peopleStrings.en,
  ...roleStrings.en,
  ...printStringsEn,
  ...scanStringsEn,
  ...captureStringsEn,
  ...scoresStringsEn,
  ...gradingStringsEn,
  'app.name': 'Answer Card Studio',
  'app.nameLocal': '卷卡工作室',
  'app.tagline': 'Design, convert and print machine-readable answer cards',

  'login.title': 'Sign in',
  'login.subtitle': 'Use the account your school gave you',
  'login.school': 'School',
  'login.schoolPlaceholder': 'Choose a school',
  'login.schoolSearch': 'Search by school name or code',
  'login.schoolNone': 'No school matches',
  'login.schoolLoading': 'Loading schools…',
  'login.schoolFixed': 'School code: ',
  'login.account': 'Account',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.submitting': 'Signing in…',
  'login.forgot': 'Forgot password?',
  'login.register': 'Request an account',
  'login.failed': 'Sign-in failed',
  'login.unknownSchool': 'No school has the code “{code}”',
  'login.unknownSchoolHint': 'This school does not exist. Choose your school from the list below.',

  'public.backToLogin': 'Back to sign in',
  'public.notOffered': 'Self-service is not offered',
  'public.contactAdmin':
    'Accounts are created and reset by your school administrator; please contact them for help.',
  'public.email': 'Email',
  'public.check': 'Check',
  'public.checked':
    'The details look valid, but this system cannot send mail or create accounts; please contact your school administrator.',
  'register.title': 'Request an account',
  'register.subtitle': 'Teacher accounts are created by the school administrator',
  'forgot.title': 'Forgot password',
  'forgot.subtitle': 'Enter your email',
  'resetPassword.title': 'Reset password',
  'resetPassword.subtitle': 'Passwords are reset by the school administrator',

  'home.noticeTitle': 'System notice',
  'home.notice':
    'The system will be updated from 2022-11-23 13:30, expected to finish 2022-11-24 09:00. Please do not create or edit cards meanwhile.',
  'home.noticeDismiss': 'Got it, do not show again',
  'home.welcome': 'Welcome back, {name}',
  'home.welcomeText': 'Start designing, converting and printing cards from the menu or the shortcuts below.',
  'home.school': 'School',
  'home.role': 'Role',
  'home.shortcuts': 'Go to',
  'home.account': 'Account',

  'shell.menu': 'Toggle menu',
  'shell.userMenu': 'User menu',
  'shell.changePassword': 'Change password',
  'shell.signOut': 'Sign out',
  'shell.signingOut': 'signing out...',
  'shell.language': 'Language',
  'shell.theme': 'Theme',
  'shell.themeLight': 'Light',
  'shell.themeDark': 'Dark',
  'shell.direction': 'Text direction',
  'shell.ltr': 'Left to right',
  'shell.rtl': 'Right to left',
  'shell.navigation': 'Main menu',
  'shell.menuLoading': 'Loading menu…',
  'shell.home': 'Go to home',
  'locale.tw': '繁體中文',
  'locale.en': 'English',

  'password.title': 'Change password',
  'password.subtitle': 'The new password must be 4 to 16 characters',
  'password.old': 'Old password',
  'password.new': 'New password',
  'password.confirm': 'Confirm new password',
  'password.submit': 'Change password',
  'password.failed': 'Change failed',

  'status.403.title': 'No permission',
  'status.403.text': 'You are not allowed to view this page; ask your school administrator for access.',
  'status.404.title': 'Page not found',
  'status.404.text': 'The page you are looking for does not exist or was removed.',
  'status.error.title': 'Something went wrong',
  'status.error.text': 'An unexpected error occurred; go back home and try again.',
  'status.backHome': 'Back to home',

  'feedback.success': 'Success',
  'feedback.undo': 'Undo',
  'feedback.error': 'Error',
  'feedback.failure': 'Failed',
  'feedback.uploadError': 'Upload error',
  'feedback.ok': 'OK',
  'feedback.notice': 'Notice',
  'feedback.close': 'Close',
  'footer.rights': 'Answer Card Studio',
  ...cardStringsEn,
  ...viewerStringsEn,
  ...editorDialogStringsEn,
  ...editorStringsEn,
  ...securityStringsEn,
  ...editorPageStringsEn,
};
