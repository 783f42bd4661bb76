/**
 * Calls `onShutdown` once: on the first SIGINT/SIGTERM/SIGHUP, or when our parent dies. bootstrap.mjs
 * runs us in our own process group and forwards one copy of each signal; if it is killed
 * outright (SIGKILL of its group by a CI timeout), only the parent check notices. A second signal
 * means the clean shutdown hangs: `onForce` runs and we exit.
 */
export function onShutdown(onShutdown: (reason: string) => void, onForce: () => void): void {
  let requested = false;
  const request = (reason: string) => {
    if (requested) {
      onForce();
      process.exit(130);
    }
    requested = true;
    onShutdown(reason);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => request(signal));
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    request('parent process ended');
  }, 1_000);
  watch.unref();
}
