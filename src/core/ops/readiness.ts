/** What /readyz answers: each dependency's state, and whether all answered in time. */
export interface Readiness {
  ready: boolean;
  /** 'ok', or why not. */
  checks: Record<string, string>;
}

const CHECK_TIMEOUT_MS = 2_000;

/**
 * Runs every probe at once, each with a time limit: a database that hangs makes the process
 * unready within two seconds instead of hanging the health check itself.
 */
export async function checkReadiness(probes: Record<string, () => Promise<unknown>>): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      });
      try {
        await Promise.race([probe(), timeout]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) };
}

/** The storage probe both processes use: asking for a key that never exists still needs an answer. */
export const STORAGE_PROBE_KEY = 'health/probe';
