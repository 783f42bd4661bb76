import { readdirSync, readFileSync } from 'node:fs';

// Memory and CPU of a process tree (this process and its Chromium), for the benchmarks.

/** Resident memory of a process tree in MiB: RSS summed (counts shared pages once per process) and PSS (shares them out). */
export interface TreeMemory {
  processes: number;
  rssMiB: number;
  pssMiB: number;
  /** PSS by kind of process: `node`, Chromium's `browser`, `renderer`, `utility:printing`, … */
  pssByKind?: Record<string, number>;
}

/** What a process of the tree is: Chromium names its kind in its command line. */
function kindOf(pid: number, root: number): string {
  if (pid === root) return 'node';
  const args = (read(`/proc/${pid}/cmdline`) ?? '').split(/[\0 ]/);
  const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  const sub = args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice('--utility-sub-type='.length).split('.')[0];
  return type ? (sub ? `${type}:${sub}` : type) : args[0].includes('chrom') ? 'browser' : 'other';
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), from field 3 on. */
const statFields = (stat: string): string[] => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === null) continue;
    const ppid = Number(statFields(stat)[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  return children;
}

const kib = (text: string | null, field: string): number => Number(text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);

/** Linux only: `root` and every descendant, from /proc. */
function treePids(root: number): number[] {
  const children = childrenByParent();
  const pids = [root];
  for (let i = 0; i < pids.length; i += 1) pids.push(...(children.get(pids[i]) ?? []));
  return pids;
}

export function treeMemory(root: number): TreeMemory {
  const pids = treePids(root);
  let rss = 0;
  let pss = 0;
  const pssByKind: Record<string, number> = {};
  for (const pid of pids) {
    rss += kib(read(`/proc/${pid}/status`), 'VmRSS');
    const own = kib(read(`/proc/${pid}/smaps_rollup`), 'Pss');
    pss += own;
    const kind = kindOf(pid, root);
    pssByKind[kind] = (pssByKind[kind] ?? 0) + own / 1024;
  }
  return { processes: pids.length, rssMiB: rss / 1024, pssMiB: pss / 1024, pssByKind };
}

/**
 * The benchmarks' memory lines. PSS shares each page out among the processes that map it, so the
 * tree's PSS is the memory the worker really holds; summed RSS counts Chromium's shared binary and
 * libraries once per process (10+ times) and overstates it.
 */
export function describePeak(peak: TreeMemory): string[] {
  const kinds = Object.entries(peak.pssByKind ?? {}).sort((a, b) => b[1] - a[1]);
  return [
    `  peak memory, node + Chromium (${peak.processes} processes): PSS ${Math.round(peak.pssMiB)} MiB, RSS summed ${Math.round(peak.rssMiB)} MiB   target < 600 MB`,
    `  at the peak, PSS by process kind (MiB): ${kinds.map(([kind, mib]) => `${kind} ${Math.round(mib)}`).join(', ')}`,
  ];
}

/**
 * CPU seconds (user + system) the tree has used: each live process's own time plus that of its
 * children that have ended and been waited for (Chromium's renderers, once their zygote reaps them).
 * Unlike wall time, this hardly depends on how busy the machine is.
 */
export function treeCpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of treePids(root)) {
    const stat = read(`/proc/${pid}/stat`);
    if (stat === null) continue;
    const fields = statFields(stat); // utime, stime, cutime, cstime are fields 14–17 of stat
    ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  }
  return ticks / 100; // USER_HZ is 100 on Linux
}
