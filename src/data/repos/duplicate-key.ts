/**
 * MySQL's answer when a unique key refuses a row. Services check uniqueness first for a friendly
 * message; this catches the race two simultaneous requests can still win, so it is a 409, not a 500.
 */
export function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ER_DUP_ENTRY';
}

/** Runs `work`, turning a unique-key refusal into `conflict()`'s error. */
export async function onDuplicate<T>(work: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isDuplicateKey(error) ? conflict() : error;
  }
}
