// `npm run bench:print [runs]`: issue 7's figures for the class print composer. Each figure is
// the wall time of a whole process (Node start, imports, font, card, compose, write), the median
// of `runs` (5), beside a plain copy of the same pages in the same process shape. The process
// runs node on an esbuild bundle of its entry, as the worker runs in production
// (scripts/lib/build-worker.ts; docker-compose.yml's worker), not through tsx.
// Targets: grade of 400 one-page < 1.9 s, two-page < 3 s, class of 40 < 0.5 s,
// peak RSS of a grade of 1,000 < 400 MB. Then the whole job path of a ticket in a warm worker.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { renderPrintCard } from '../tests/support/print-card';
import { bundle } from './lib/build-worker';

// `--workers N`: the throughput of N worker processes instead (scripts/bench-print-workers.ts).
if (process.argv.includes('--workers')) {
  const throughput = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-print-workers.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(throughput.status ?? 1);
}

const runs = Number(process.argv[2] ?? 5);
const dir = 'var/bench-print';
type Figures = {
  wallMs: number; cpuMs: number; jobMs: number; jobCpuMs: number; warmMs: number[]; warmCpuMs: number[];
  bytes: number; pages: number; peakRssMb: number;
};
type Scenario = { label: string; cardPages: 1 | 2; students: number; classSize: number; targetMs?: number; targetRssMb?: number };

const SCENARIOS: Scenario[] = [
  { label: 'grade of 400, one-page card', cardPages: 1, students: 400, classSize: 40, targetMs: 1900 },
  { label: 'grade of 400, two-page card', cardPages: 2, students: 400, classSize: 40, targetMs: 3000 },
  { label: 'class of 40, one-page card', cardPages: 1, students: 40, classSize: 40, targetMs: 500 },
  { label: 'grade of 1,000, one-page card', cardPages: 1, students: 1000, classSize: 40, targetRssMb: 400 },
];

function runOnce(scenario: Scenario, mode: 'personalised' | 'plain', warmJobs = 0): Figures {
  const outDir = join(dir, 'out');
  rmSync(outDir, { recursive: true, force: true });
  const args = JSON.stringify({
    cardPdf: join(dir, `card-${scenario.cardPages}.pdf`), headerJson: join(dir, `card-${scenario.cardPages}.json`),
    students: scenario.students, classSize: scenario.classSize, mode, outDir, warmJobs,
  });
  const started = performance.now();
  const child = spawnSync(process.execPath, [runner, args], { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`bench run failed: ${child.stderr}`);
  return { wallMs, ...(JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Omit<Figures, 'wallMs'>) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function medianRun(scenario: Scenario, mode: 'personalised' | 'plain'): Figures & { all: number[] } {
  const all = Array.from({ length: runs }, () => runOnce(scenario, mode));
  const wall = all.map((run) => run.wallMs);
  const middle = all.find((run) => run.wallMs === median(wall)) ?? all[0];
  return {
    ...middle,
    cpuMs: median(all.map((run) => run.cpuMs)),
    jobMs: median(all.map((run) => run.jobMs)),
    jobCpuMs: median(all.map((run) => run.jobCpuMs)),
    peakRssMb: Math.max(...all.map((run) => run.peakRssMb)),
    all: wall,
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

mkdirSync(dir, { recursive: true });
rmSync(join(dir, 'bundle'), { recursive: true, force: true });
const runner = await bundle('scripts/bench-print-run.ts', join(dir, 'bundle'));
for (const pages of [1, 2] as const) {
  const card = await renderPrintCard(pages);
  writeFileSync(join(dir, `card-${pages}.pdf`), card.pdf);
  writeFileSync(join(dir, `card-${pages}.json`), JSON.stringify(card.header));
}
console.log(`print composer: whole process (node on a bundle, as the worker starts) and the job inside it`);
console.log(`(card load → every class file written), median of ${runs}; classes of 40, one file each; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
console.log('process CPU time (user + system, all threads) is the figure that stays put when other work shares the cores');
for (const scenario of SCENARIOS) {
  const personalised = medianRun(scenario, 'personalised');
  const plain = medianRun(scenario, 'plain');
  const [warm, warmPlain] = [runOnce(scenario, 'personalised', 3), runOnce(scenario, 'plain', 3)];
  const verdicts = [
    scenario.targetMs ? `target < ${s(scenario.targetMs)}: ${personalised.wallMs < scenario.targetMs ? 'met' : 'MISSED'} (by CPU time: ${personalised.cpuMs < scenario.targetMs ? 'met' : 'missed'})` : '',
    scenario.targetRssMb ? `target RSS < ${scenario.targetRssMb} MB: ${personalised.peakRssMb < scenario.targetRssMb ? 'met' : 'MISSED'}` : '',
  ].filter(Boolean);
  console.log(`\n${scenario.label} (${personalised.pages} pages, ${mb(personalised.bytes)}; plain ${mb(plain.bytes)})`);
  console.log(`  process ${s(personalised.wallMs)} | plain copy ${s(plain.wallMs)} | ratio ${(personalised.wallMs / plain.wallMs).toFixed(2)}× | ${verdicts.join(', ')}`);
  console.log(`  process CPU time ${s(personalised.cpuMs)} | plain ${s(plain.cpuMs)} | ratio ${(personalised.cpuMs / plain.cpuMs).toFixed(2)}×`);
  const line = (label: string, ms: number, plainMs: number) =>
    console.log(`  ${label} ${s(ms)} (${(ms / scenario.students).toFixed(2)} ms/student) | plain ${s(plainMs)} | ratio ${(ms / plainMs).toFixed(2)}×`);
  line('job, first in process: wall', personalised.jobMs, plain.jobMs);
  line('job, first in process: CPU', personalised.jobCpuMs, plain.jobCpuMs);
  line('job, warm worker: wall', median(warm.warmMs), median(warmPlain.warmMs));
  line('job, warm worker: CPU', median(warm.warmCpuMs), median(warmPlain.warmCpuMs));
  console.log(`  peak RSS ${personalised.peakRssMb.toFixed(0)} MB (plain ${plain.peakRssMb.toFixed(0)} MB) | process runs ${personalised.all.map(s).join(' ')}`);
}
console.log(`\nload average at the end ${loadavg()[0].toFixed(1)}`);

// Part 2: the same grades through the whole job path of a print ticket (scripts/bench-print-job.ts).
const job = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-print-job.ts', String(runs)], { stdio: 'inherit' });
if (job.status !== 0) process.exitCode = 1;
