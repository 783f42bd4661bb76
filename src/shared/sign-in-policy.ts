/**
 * The sign-in limits (docs/architecture.md "Sign-in limits", after OWASP's Authentication Cheat
 * Sheet). Counts live for `windowSeconds` from the first failure.
 */
export const SIGN_IN_POLICY = {
  windowSeconds: 15 * 60,
  /** Failures against one account from browsers it does not know, then a hard refusal. */
  perAccount: 5,
  /** Failures from one browser that has signed in to the account before (its own count). */
  perDevice: 5,
  /** From this failure on, the answer waits `delayBaseMs` · 2^(n − from), at most `delayMaxMs`. */
  delayFromFailure: 2,
  delayBaseMs: 250,
  delayMaxMs: 4_000,
  /** Failures from one address at one school: well above a classroom of typos (35 pupils × 2). */
  perAddressSchool: 100,
  /** Failures from one address across every school. */
  perAddress: 300,
  /** How long a browser stays known after signing in (the device cookie's life). */
  deviceDays: 180,
} as const;

/** How long the answer to the n-th failure in a row waits, in ms. */
export function failureDelayMs(failures: number): number {
  const { delayFromFailure, delayBaseMs, delayMaxMs } = SIGN_IN_POLICY;
  if (failures < delayFromFailure) return 0;
  return Math.min(delayMaxMs, delayBaseMs * 2 ** (failures - delayFromFailure));
}
