/**
 * Whether `work` settles (resolves or rejects) within `ms`. For closing a browser or a context:
 * a failed close means it is gone already, while a close that never answers means the browser
 * hangs and has to be killed.
 */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = work.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, gaveUp]);
  clearTimeout(timer);
  return result;
}
