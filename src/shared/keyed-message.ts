import type { MessageKey } from './i18n/tw';
import { isMessageKey } from './i18n/translate';

type MessageParams = Record<string, string | number>;

/**
 * The one error model (issue 28): a catalogue key and its parameters, as it crosses HTTP (AppError),
 * job payloads and stored rows (scan_batches.error); translated only where it is shown, a parameter
 * that is itself a key translated too (src/shared/i18n/translate.ts `translateMessage`).
 */
export interface KeyedMessage {
  key: MessageKey;
  params: MessageParams;
}

export const keyedMessage = (key: MessageKey, params: MessageParams = {}): KeyedMessage => ({ key, params });

/** A message as a row stores it: JSON `{"key","params"}`. */
export function encodeMessage(message: KeyedMessage): string {
  return JSON.stringify({ key: message.key, params: message.params });
}

/**
 * A stored message back as its key and parameters: the JSON form, or a bare key (rows written
 * before parameters were stored); null for anything else (a library's own text, kept for logs).
 */
export function decodeMessage(stored: string): KeyedMessage | null {
  if (isMessageKey(stored)) return { key: stored, params: {} };
  if (!stored.startsWith('{')) return null;
  try {
    const { key, params } = JSON.parse(stored) as { key?: unknown; params?: unknown };
    if (typeof key !== 'string' || !isMessageKey(key)) return null;
    const entries = typeof params === 'object' && params !== null ? Object.entries(params) : [];
    return { key, params: Object.fromEntries(entries.filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number')) };
  } catch {
    return null;
  }
}
