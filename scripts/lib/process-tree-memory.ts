import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process tree in MiB: RSS summed (counts shared pages once per process) and PSS (shares them out). */
export interface TreeMemory {
  processes: number;
  rssMiB: number;
  pssMiB: number;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended between listing and reading
  }
}

function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === null) continue;
    // the command name in parentheses may hold spaces; the parent pid is the 2nd field after it
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  return children;
}

const kib = (text: string | null, field: string): number => Number(text?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);

/** Linux only: walks /proc from `root` down through every descendant. */
export function treeMemory(root: number): TreeMemory {
  const children = childrenByParent();
  const pids = [root];
  for (let i = 0; i < pids.length; i += 1) pids.push(...(children.get(pids[i]) ?? []));
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    rss += kib(read(`/proc/${pid}/status`), 'VmRSS');
    pss += kib(read(`/proc/${pid}/smaps_rollup`), 'Pss');
  }
  return { processes: pids.length, rssMiB: rss / 1024, pssMiB: pss / 1024 };
}
