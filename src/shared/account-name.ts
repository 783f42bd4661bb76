import { z } from 'zod';

/** Control (Cc) and format (Cf: zero-width, direction marks, BOM…) characters: never part of an account. */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}

/**
 * An account as typed, in one spelling: NFKC (full-width letters, ligatures and composed
 * accents become their plain forms) and trimmed. Case is kept; `accountIdentity` folds it.
 */
export function normaliseAccount(text: string): string {
  return text.normalize('NFKC').trim();
}

/**
 * The one identity of an account name: NFKC and case-folded (upper then lower, so ß and ss, ς
 * and σ meet). Two names are the same account exactly when their identities are equal; the sign-in
 * limiter counts an unknown name's failures under it.
 */
export function accountIdentity(text: string): string {
  return normaliseAccount(text).toUpperCase().toLowerCase().normalize('NFKC');
}

/** An account field: refused with a clear message when it holds hidden characters, else normalised. */
export function zAccountName(requiredKey: string) {
  return z
    .string({ error: requiredKey })
    .refine((text) => !hasHiddenCharacters(text), 'validation.accountHiddenChars')
    .transform(normaliseAccount);
}
