// `npm run bench:pdf`: how fast the PDF renderer turns a 4-page card of realistic density
// (header table, 100 bubbles a page, CJK text) into a PDF with its geometry map, cold and warm,
// how 50 renders two at a time fare, and the peak memory of this process with its Chromium.
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/data/config';
import { BrowserHost } from '../src/worker/render/browser-host';
import { PdfRenderer } from '../src/worker/render/pdf-renderer';
import { syntheticCard } from '../tests/support/synthetic-card';
import { treeCpuSeconds, treeMemory, type TreeMemory, describePeak } from './lib/process-tree-usage';

const config = loadConfig();
const host = new BrowserHost({ executablePath: config.CHROMIUM_PATH, restartEvery: config.RENDER_RESTART_EVERY, rendersAtOnce: config.PDF_RENDERS_AT_ONCE });
const renderer = new PdfRenderer(host, config.RENDER_TIMEOUT_MS);
const card = syntheticCard(4, 20);

// Playwright launches Chromium as a child of this process, so this tree holds both.
let peak: TreeMemory = { processes: 0, rssMiB: 0, pssMiB: 0 };
const sampler = setInterval(() => {
  const now = treeMemory(process.pid);
  if (now.pssMiB > peak.pssMiB) peak = now;
}, 50);

async function timed(): Promise<number> {
  const started = performance.now();
  const { geometry } = await renderer.render(card);
  if (geometry.bubbles.length !== 400) throw new Error(`expected 400 bubbles, measured ${geometry.bubbles.length}`);
  return performance.now() - started;
}

const cold = await timed();
const warm: number[] = [];
const cpuBefore = treeCpuSeconds(process.pid);
for (let i = 0; i < 5; i += 1) warm.push(await timed());
const cpuPerWarm = (treeCpuSeconds(process.pid) - cpuBefore) / 5;
warm.sort((a, b) => a - b);

const batchStarted = performance.now();
let failed = 0;
const queue = Array.from({ length: 50 }, (_, i) => i);
await Promise.all(
  [0, 1].map(async () => {
    while (queue.shift() !== undefined) await timed().catch(() => (failed += 1));
  }),
);
const batch = performance.now() - batchStarted;
clearInterval(sampler);
await host.close();

const ms = (n: number) => `${Math.round(n)} ms`;
// Timings are only comparable on a quiet machine: say how busy this one was.
console.log(`4-page card, 400 bubbles, geometry included (load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} on ${cpus().length} CPUs)`);
console.log(`  cold (browser launch + render): ${ms(cold)}   target < 4000 ms`);
console.log(`  warm median of 5:              ${ms(warm[2])}   target < 1500 ms   (min ${ms(warm[0])}, max ${ms(warm[4])})`);
console.log(`  CPU time per warm render, node + Chromium: ${ms(cpuPerWarm * 1000)}`);
console.log(`  50 renders, 2 asked at a time (${config.PDF_RENDERS_AT_ONCE} in Chromium at once): ${ms(batch)} (${ms(batch / 50)} each), ${failed} failed`);
for (const text of describePeak(peak)) console.log(text);
process.exit(failed === 0 ? 0 : 1);
