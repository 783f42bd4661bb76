/** Spinner time and the pause before success shows (back-office.md §4 "Delete flows"). */
const PROCESSING_MS = 500;
const SUCCESS_AFTER_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The spec's delete flow around one call, for every list: the processing spinner shows until
 * 0.5 s after the confirm, and the caller shows success 1 s after it. A failed call closes the
 * spinner at once and answers `ok: false`; whoever made the call has already reported the error.
 */
export async function runDeleteSequence<T>(
  remove: () => Promise<T>,
  showSpinner: (open: boolean) => void,
): Promise<{ ok: true; value: T } | { ok: false }> {
  showSpinner(true);
  const started = Date.now();
  let value: T;
  try {
    value = await remove();
  } catch {
    showSpinner(false);
    return { ok: false };
  }
  await wait(PROCESSING_MS - (Date.now() - started));
  showSpinner(false);
  await wait(SUCCESS_AFTER_MS - (Date.now() - started));
  return { ok: true, value };
}
