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

/** Parameters as shown: a parameter that is itself a catalogue key (a reason, a field's name) in words. */
export function translateParams(locale: Locale, params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' && isMessageKey(v) ? translate(locale, v) : v]));
}

/** A key-and-parameters message (src/shared/keyed-message.ts) in the reader's language. */
export function translateMessage(locale: Locale, message: { key: string; params?: Record<string, string | number> }): string {
  return translate(locale, message.key, translateParams(locale, message.params ?? {}));
}
