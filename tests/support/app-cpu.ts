import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

// The CPU time of the e2e app's own processes (scripts/lib/app-processes.ts: node on
// dist/server/main.mjs and dist/worker/main.mjs), told apart from other runs' apps on the shared
// machine by their Redis prefix (E2E_REDIS_PREFIX). For figures printed beside wall times: on a
// loaded machine CPU time is the one to trust (docs/scan-batches.md "Capture with a phone").

const TICK_MS = 10; // USER_HZ = 100 on Linux

function appPid(part: 'server' | 'worker'): number | null {
  const prefix = process.env.E2E_REDIS_PREFIX;
  if (!prefix) return null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes(`dist/${part}/main`)) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(`REDIS_PREFIX=${prefix}`)) return Number(entry);
    } catch {
      // A process that ended meanwhile, or not ours to read.
    }
  }
  return null;
}

/** User + system CPU of the e2e app's server and worker processes so far (ms), null where not found. */
export function appCpuMs(): { server: number | null; worker: number | null } {
  const of = (pid: number | null) => {
    if (pid === null) return null;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  };
  return { server: of(appPid('server')), worker: of(appPid('worker')) };
}

export const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(' ');
