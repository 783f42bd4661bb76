import type { Locale } from '../../shared/limits';
import type { MessageKey } from '../../shared/i18n/tw';
import { isMessageKey, translate } from '../../shared/i18n/translate';
import { clientEn } from './en';
import { clientTw, type ClientKey } from './tw';

/** Any key the UI may show: its own strings or the shared catalogue's. */
export type UiKey = ClientKey | MessageKey;
export type Params = Record<string, string | number>;

const catalogues: Record<Locale, Record<ClientKey, string>> = { tw: clientTw, en: clientEn };

function isClientKey(key: string): key is ClientKey {
  return Object.prototype.hasOwnProperty.call(clientTw, key);
}

/**
 * Client strings first, then the shared catalogue. An unknown key (a server message that
 * is already translated) passes through unchanged, so callers can feed either.
 */
export function translateUi(locale: Locale, key: string, params: Params = {}): string {
  if (isClientKey(key)) {
    // translate() leaves text that is not a key as it is and only fills `{name}` placeholders.
    return translate(locale, catalogues[locale][key], params);
  }
  return isMessageKey(key) ? translate(locale, key, params) : key;
}
