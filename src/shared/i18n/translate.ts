import { DEFAULT_LOCALE, LOCALES, type Locale } from '../limits';
import { en } from './en';
import { tw, type MessageKey } from './tw';

const catalogues: Record<Locale, Record<MessageKey, string>> = { tw, en };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(tw, key);
}

export function toLocale(value: unknown): Locale {
  return LOCALES.find((l) => l === value) ?? DEFAULT_LOCALE;
}

/** Looks a key up and fills `{name}` placeholders; an unknown key is returned as it is. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = isMessageKey(key) ? catalogues[locale][key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
