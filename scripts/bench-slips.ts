// `npm run bench:slips [runs]`: issue 25's figures for the slip engine. A class of 40 students ×
// 2 scanned pages (150 dpi greyscale JPEG, the score-field card of tests/support/score-box-card.ts,
// pencilled, the reader's homography per page) composed into one annotated PDF — each student's
// summary page and both annotated scans (120 pages) — in a process of its own, as a worker would:
// the time of the compose (font, images, marks, save) cold and warm, its CPU, the file's size and
// the process's peak RSS. Median of `runs` (3). Targets: ≤ 5 s, peak RSS < 500 MB.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { slipClass } from '../tests/support/slip-class';

const runs = Number(process.argv[2] ?? 3);
const dir = 'var/bench-slips';
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

console.log(`bench:slips — ${cpus().length} cores, load average ${load()} at the start`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const prepared = performance.now();
const { card, students } = await slipClass(40, 150);
const inputs = students.map((s, i) => ({
  ...s,
  pages: s.pages.map((p) => {
    const file = join(dir, `s${i}-p${p.page}.jpg`);
    writeFileSync(file, p.jpeg);
    return { page: p.page, file, toImage: p.toImage };
  }),
}));
writeFileSync(join(dir, 'class.json'), JSON.stringify({ card, students: inputs }));
const jpegBytes = students.reduce((sum, s) => sum + s.pages.reduce((n, p) => n + p.jpeg.length, 0), 0);
console.log(`prepared 40 students × 2 pages in ${((performance.now() - prepared) / 1000).toFixed(1)} s: scans ${(jpegBytes / 1e6).toFixed(1)} MB of JPEG (${Math.round(jpegBytes / 80 / 1024)} KB a page)`);

type Figures = { coldMs: number; warmMs: number; cpuMs: number; pages: number; bytes: number; peakRssMb: number };
const results: Figures[] = [];
for (let i = 0; i < runs; i++) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-slips-run.ts', dir], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`bench run failed: ${child.stderr}`);
  const figures = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Figures;
  results.push(figures);
  console.log(`run ${i + 1}: compose ${figures.coldMs.toFixed(0)} ms cold, ${figures.warmMs.toFixed(0)} ms warm, CPU ${figures.cpuMs.toFixed(0)} ms, ${figures.pages} pages, ${(figures.bytes / 1e6).toFixed(1)} MB, peak RSS ${figures.peakRssMb.toFixed(0)} MB (load ${load()})`);
}
const median = (pick: (f: Figures) => number) => [...results.map(pick)].sort((a, b) => a - b)[Math.floor(results.length / 2)];
const cold = median((f) => f.coldMs);
const rss = Math.max(...results.map((f) => f.peakRssMb));
console.log(`median of ${runs}: class of 40 × 2 pages, one annotated PDF: ${cold.toFixed(0)} ms cold (target ≤ 5000: ${cold <= 5000 ? 'met' : 'NOT met'}), ${median((f) => f.warmMs).toFixed(0)} ms warm; peak RSS ${rss.toFixed(0)} MB (target < 500: ${rss < 500 ? 'met' : 'NOT met'}); load average ${load()} at the end`);
rmSync(dir, { recursive: true, force: true });
