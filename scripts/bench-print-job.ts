// `npm run bench:print` part 2 (scripts/bench-print.ts runs it): the whole job path of a print
// ticket in a warm print worker — BullMQ job start → card from storage → roster from MySQL →
// compose → every class file stored and logged — on a throw-away database and a temporary
// storage folder. Per scenario the median of `runs`, beside a plain copy of the same pages.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/data/config';
import { createDb } from '../src/data/db/database';
import { insertTicket } from '../src/data/repos/print-tickets.repo';
import { LocalStorage } from '../src/data/storage/local-storage';
import { ticketJobId } from '../src/shared/jobs/print-ticket-job';
import { startPrintWorker } from '../src/worker/print-worker';
import { loadCard } from '../src/pdf/compose-class-pdf';
import { createSchool, createUser } from '../tests/support/fixtures';
import { renderPrintCard } from '../tests/support/print-card';
import { seedRoster, storeConvertedCard } from '../tests/support/print-tickets';
import { createBenchDatabase } from './bench/bench-database';
import { plainCopy } from './bench/plain-copy';

type Scenario = { label: string; cardPages: 1 | 2; students: number; targetMs?: number; targetRssMb?: number };
// The grade of 1,000 first: its peak RSS is the process's high-water mark, so nothing of the
// other scenarios may count in it.
const SCENARIOS: Scenario[] = [
  { label: 'grade of 1,000, one-page card', cardPages: 1, students: 1000, targetRssMb: 400 },
  { label: 'class of 40, one-page card', cardPages: 1, students: 40, targetMs: 500 },
  { label: 'grade of 400, one-page card', cardPages: 1, students: 400, targetMs: 1900 },
  { label: 'grade of 400, two-page card', cardPages: 2, students: 400, targetMs: 3000 },
];
const CLASS_SIZE = 40;
const runs = Number(process.argv[2] ?? 5);
const config = loadConfig();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const database = await createBenchDatabase('acs_bench_print');
const db = createDb(database.url, 4);
const dir = await mkdtemp(join(tmpdir(), 'acs-bench-print-'));
const storage = new LocalStorage(dir);
const prefix = `${config.REDIS_PREFIX}:bench-print-${process.pid}`;
const print = startPrintWorker({ redisUrl: config.REDIS_URL, prefix, storage, db });
// Job start (BullMQ hands the job to the worker) → done (every class file stored and logged).
// CPU time of the process over the same span: what stays put when other work shares the cores.
const started = new Map<string, { wall: number; cpu: NodeJS.CpuUsage }>();
const finished = new Map<string, (cpuMs: number) => void>();
print.worker.on('active', (job) => started.set(job.id!, { wall: performance.now(), cpu: process.cpuUsage() }));
print.worker.on('completed', (job) => {
  const used = process.cpuUsage(started.get(job.id!)!.cpu);
  finished.get(job.id!)?.((used.user + used.system) / 1000);
});
print.worker.on('failed', (job, error) => console.error(`ticket ${job?.id} failed: ${error.message}`));

try {
  const school = await createSchool(db);
  const user = await createUser(db, school.id);
  const cards = { 1: await renderPrintCard(1), 2: await renderPrintCard(2) };
  const stored = { 1: await storeConvertedCard(db, storage, { clientId: school.id, userId: user.id }, cards[1]), 2: await storeConvertedCard(db, storage, { clientId: school.id, userId: user.id }, cards[2]) };

  /** One ticket of the whole grade, queued and run; its job-start → done wall and CPU time. */
  async function ticket(scenario: Scenario): Promise<{ ms: number; cpuMs: number }> {
    const classes = Array.from({ length: Math.ceil(scenario.students / CLASS_SIZE) }, (_, i) => ({ class: i + 1, expected: CLASS_SIZE }));
    const id = await insertTicket(db, { client_id: school.id, document_id: stored[scenario.cardPages].id, user_id: user.id, grade: 2, print_order: 'seat', total_students: scenario.students }, classes);
    const jobId = ticketJobId(id);
    const done = new Promise<number>((resolve) => finished.set(jobId, resolve));
    await print.queue.add('ticket', { ticketId: id }, { jobId });
    const cpuMs = await done;
    return { ms: performance.now() - started.get(jobId)!.wall, cpuMs };
  }

  console.log(`\nload average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
  console.log(`print ticket, whole job path in a warm worker (job start → every class file stored and logged), median of ${runs}`);
  // An optional second argument picks scenarios by a word of their label ("1,000", "two-page").
  for (const scenario of SCENARIOS.filter((x) => !process.argv[3] || x.label.includes(process.argv[3]))) {
    await seedRoster(db, school.id, 2, Math.ceil(scenario.students / CLASS_SIZE), CLASS_SIZE);
    await ticket(scenario); // warm-up: JIT, the font's glyphs, the card's first parse
    const measured = [];
    for (let run = 0; run < runs; run += 1) measured.push(await ticket(scenario));
    const times = measured.map((m) => m.ms);
    const card = await loadCard(cards[scenario.cardPages].pdf);
    const plainTimes = [];
    const plainCpu = [];
    for (let run = 0; run < runs; run += 1) {
      const [t0, cpu0] = [performance.now(), process.cpuUsage()];
      for (let c = 0; c < scenario.students / CLASS_SIZE; c += 1) await storage.put(`plain/${c}.pdf`, Buffer.from(await plainCopy(card, CLASS_SIZE)), 'application/pdf');
      plainTimes.push(performance.now() - t0);
      const used = process.cpuUsage(cpu0);
      plainCpu.push((used.user + used.system) / 1000);
    }
    const [ms, plain, cpuMs, plainCpuMs] = [median(times), median(plainTimes), median(measured.map((m) => m.cpuMs)), median(plainCpu)];
    const rss = process.resourceUsage().maxRSS / 1024;
    const verdict = scenario.targetMs
      ? `target < ${s(scenario.targetMs)}: ${ms < scenario.targetMs ? 'met' : 'MISSED'} (by CPU time: ${cpuMs < scenario.targetMs ? 'met' : 'missed'})`
      : `peak RSS ${rss.toFixed(0)} MB, target < ${scenario.targetRssMb} MB: ${rss < scenario.targetRssMb! ? 'met' : 'MISSED'}`;
    console.log(`  ${scenario.label}: ${s(ms)} (${(ms / scenario.students).toFixed(2)} ms/student) | plain copy ${s(plain)} | ratio ${(ms / plain).toFixed(2)}× | ${verdict} | runs ${times.map(s).join(' ')}`);
    console.log(`    CPU time ${s(cpuMs)} | plain copy ${s(plainCpuMs)} | ratio ${(cpuMs / plainCpuMs).toFixed(2)}× | process peak RSS so far ${rss.toFixed(0)} MB`);
  }
  console.log(`  peak RSS of the worker process (all scenarios): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  await print.queue.obliterate({ force: true });
  await print.close();
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
  await database.drop();
}
