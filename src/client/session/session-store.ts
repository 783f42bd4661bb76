import { DEFAULT_THEME, type Locale } from '../../shared/limits';
import { toLocale } from '../../shared/i18n/translate';

/** The spec's default is light.orange; dark keeps the orange accent. */
export type Theme = typeof DEFAULT_THEME | 'dark.orange';
export type Direction = 'ltr' | 'rtl';

// The session itself is an HttpOnly cookie the page never reads (docs/architecture.md,
// "Sessions"): every tab of the browser shares it. What is kept here is shared by the tabs too
// (localStorage): the preferences (locale, theme, direction), whether this browser believes it is
// signed in and to which school — so a guarded page goes straight to that school's sign-in page
// without a call when it is not. Only the notice's "do not show again" stays per tab (spec §4).
const KEYS = {
  signedIn: 'signedIn',
  school: 'school',
  locale: 'locale',
  theme: 'theme',
  dir: 'dir',
  hint: 'hint',
} as const;

/** Whether this browser signed in and has not signed out since (the server decides if that still holds). */
export function isSignedIn(): boolean {
  return localStorage.getItem(KEYS.signedIn) === '1';
}

/** After a successful sign-in: remembers the school, for its own sign-in page later. */
export function markSignedIn(schoolCode: string): void {
  localStorage.setItem(KEYS.signedIn, '1');
  localStorage.setItem(KEYS.school, schoolCode);
}

export function markSignedOut(): void {
  localStorage.removeItem(KEYS.signedIn);
}

/** The sign-in page to go back to: the school's own when this browser last signed in to one. */
export function loginPath(): string {
  const code = localStorage.getItem(KEYS.school);
  return code ? `/login/${encodeURIComponent(code)}` : '/login';
}

export function getLocale(): Locale {
  return toLocale(localStorage.getItem(KEYS.locale));
}

export function setLocale(locale: Locale): void {
  localStorage.setItem(KEYS.locale, locale);
}

export function getTheme(): Theme {
  return localStorage.getItem(KEYS.theme) === 'dark.orange' ? 'dark.orange' : DEFAULT_THEME;
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(KEYS.theme, theme);
}

export function getDirection(): Direction {
  return localStorage.getItem(KEYS.dir) === 'rtl' ? 'rtl' : 'ltr';
}

export function setDirection(dir: Direction): void {
  localStorage.setItem(KEYS.dir, dir);
}

export function getHint(): string | null {
  return sessionStorage.getItem(KEYS.hint);
}

/** The notice's "do not show again" flag; the spec's value for it is the string '1'. */
export function dismissHint(): void {
  sessionStorage.setItem(KEYS.hint, '1');
}
