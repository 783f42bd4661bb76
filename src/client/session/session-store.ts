import { DEFAULT_THEME, type Locale } from '../../shared/limits';
import { toLocale } from '../../shared/i18n/translate';

/** The spec's default is light.orange; dark keeps the orange accent. */
export type Theme = typeof DEFAULT_THEME | 'dark.orange';
export type Direction = 'ltr' | 'rtl';

// The session lives in sessionStorage (spec §4): closing the tab signs out, and every
// preference the spec names (locale, theme, direction, notice hint) is kept beside the token.
const KEYS = {
  token: 'token',
  locale: 'locale',
  theme: 'theme',
  dir: 'dir',
  hint: 'hint',
} as const;

export function getToken(): string | null {
  return sessionStorage.getItem(KEYS.token);
}

export function setToken(token: string): void {
  sessionStorage.setItem(KEYS.token, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(KEYS.token);
}

export function getLocale(): Locale {
  return toLocale(sessionStorage.getItem(KEYS.locale));
}

export function setLocale(locale: Locale): void {
  sessionStorage.setItem(KEYS.locale, locale);
}

export function getTheme(): Theme {
  return sessionStorage.getItem(KEYS.theme) === 'dark.orange' ? 'dark.orange' : DEFAULT_THEME;
}

export function setTheme(theme: Theme): void {
  sessionStorage.setItem(KEYS.theme, theme);
}

export function getDirection(): Direction {
  return sessionStorage.getItem(KEYS.dir) === 'rtl' ? 'rtl' : 'ltr';
}

export function setDirection(dir: Direction): void {
  sessionStorage.setItem(KEYS.dir, dir);
}

export function getHint(): string | null {
  return sessionStorage.getItem(KEYS.hint);
}

/** The notice's "do not show again" flag; the spec's value for it is the string '1'. */
export function dismissHint(): void {
  sessionStorage.setItem(KEYS.hint, '1');
}
