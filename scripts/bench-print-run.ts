// One timed process of `npm run bench:print` (scripts/bench-print.ts spawns it): composes a
// grade class by class into files, as a print job does, and reports its own figures as JSON.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeClassPdf, jobText, loadCard } from '../src/pdf/compose-class-pdf';
import { classRoster } from '../tests/support/print-students';
import { plainCopy } from './bench/plain-copy';

type RunArgs = { cardPdf: string; headerJson: string; students: number; classSize: number; mode: 'personalised' | 'plain'; outDir: string; warmJobs?: number };

const args = JSON.parse(process.argv[2] ?? '{}') as RunArgs;

/** One print job: load the card, compose each class, write each file; figures of the job. */
async function job(): Promise<{ jobMs: number; jobCpuMs: number; bytes: number; pages: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const card = await loadCard(readFileSync(args.cardPdf));
  const header = JSON.parse(readFileSync(args.headerJson, 'utf8')) as Parameters<typeof composeClassPdf>[0]['header'];
  mkdirSync(args.outDir, { recursive: true });
  const classes = Array.from({ length: Math.ceil(args.students / args.classSize) }, (_, index) =>
    classRoster(2, index + 1, Math.min(args.classSize, args.students - index * args.classSize)));
  const text = jobText(classes.flat());
  let bytes = 0;
  let pages = 0;
  for (const [index, students] of classes.entries()) {
    const pdf = args.mode === 'plain'
      ? await plainCopy(card, students.length)
      // As a class print of a card converted with scan marks: every page gets its page code.
      : await composeClassPdf({ card, header, code: { document: 4242, layout: 'BNCH' }, students: students.map((s, i) => ({ ...s, id: index * args.classSize + i + 1 })), jobText: text });
    writeFileSync(join(args.outDir, `class-${index + 1}.pdf`), pdf);
    bytes += pdf.length;
    pages += students.length * card.getPageCount();
  }
  const used = process.cpuUsage(cpu);
  return { jobMs: performance.now() - started, jobCpuMs: (used.user + used.system) / 1000, bytes, pages };
}

// The first job of a process pays for JIT warm-up and the font's first parse; a worker that
// lives on runs the later ones (`warmJobs` > 0 measures those, for the report only).
const first = await job();
const warm: number[] = [];
const warmCpu: number[] = [];
for (let run = 0; run < (args.warmJobs ?? 0); run += 1) {
  const { jobMs, jobCpuMs } = await job();
  warm.push(jobMs);
  warmCpu.push(jobCpuMs);
}
// maxRSS is the whole process's high-water mark, in KiB; CPU time counts every thread of the
// process from its start (loader, GC), and unlike wall time does not grow with other load.
const usage = process.resourceUsage();
const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
console.log(JSON.stringify({ ...first, warmMs: warm, warmCpuMs: warmCpu, cpuMs, peakRssMb: usage.maxRSS / 1024 }));
