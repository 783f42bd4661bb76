// `npm run bench:scan-readings`: the page reader over the stacks of the reading corpora
// (tests/integration/scan-reading-corpus.test.ts, scan-habits-corpus.test.ts: same seeds and
// options, each page handed over as those tests hand it) and the scan benches' PDF
// (scripts/lib/scan-bench-corpus.ts), one warm process: every page's reading, with a hash of the
// pixels it was read from, written one line a page to BENCH_READINGS_OUT (default
// <tmp>/acs-scan-readings.jsonl), and readPage's CPU a page (the process's, and its main thread's).
// A change to the reader that must not change readings is proved by two dumps that `cmp` equal:
// BENCH_READER_ROOT=<another checkout> reads with that checkout's src/scan (e.g. `git worktree add
// /tmp/base main`), the corpora and this script staying the same. BENCH_READINGS_REPEAT reads each
// page that many times (steady-state CPU); BENCH_READINGS_ONLY=<stack prefix> reads some stacks.
// The corpora are generated once (Chromium renders the class prints) and kept in the temp folder.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { GrayImage, PageReading, ReadPageInput } from '../src/scan/page-reading';
import type { CardGeometryV2 } from '../src/shared/geometry/card-geometry';
import { PROFILES, scanCorpus, type CorpusOptions } from '../tests/support/scan-corpus/corpus';
import { toJpeg } from '../tests/support/scan-corpus/encode';
import { realClassPrint } from '../tests/support/scan-corpus/real-print';
import { BENCH_DPI, benchCorpus } from './lib/scan-bench-corpus';

const ROOT = resolve(process.env.BENCH_READER_ROOT ?? '.');
const OUT = process.env.BENCH_READINGS_OUT ?? join(tmpdir(), 'acs-scan-readings.jsonl');
const REPEAT = Number(process.env.BENCH_READINGS_REPEAT ?? 1);
const ONLY = process.env.BENCH_READINGS_ONLY;
const CORPUS = join(tmpdir(), 'acs-bench-scan-readings-1');
const BENCH_STUDENTS = 40;

type Entry = { stack: string; map: string; file: string; kind: 'jpeg' | 'raw'; width?: number; height?: number };
type Stack = { name: string; students: 6 | 12; o: Omit<CorpusOptions, 'map' | 'print' | 'document'> };
const HABITS = { fill: 6, tick: 1, cross: 1, dot: 1, scribble: 1, pen: 1, light: 1 };
const ACCIDENTS = { folded: 0.05, staple: 0.05 };
const STACKS: Stack[] = [
  { name: 'reading-clean300', students: 6, o: { students: 6, dpi: 300, profile: PROFILES.clean, seed: 1, blankBacks: 0.1 } },
  { name: 'reading-office', students: 6, o: { students: 6, dpi: 200, profile: PROFILES.office, seed: 2, blankBacks: 0.1 } },
  { name: 'reading-harsh', students: 6, o: { students: 6, dpi: 200, profile: PROFILES.harsh, seed: 3, blankBacks: 0.1, blankCopies: true } },
  { name: 'reading-light', students: 6, o: { students: 3, dpi: 200, profile: PROFILES.office, seed: 4, blankBacks: 0.1, rates: { light: 1 / 3 } } },
  { name: 'habits-office', students: 12, o: { students: 12, dpi: 200, profile: PROFILES.office, seed: 31, habits: HABITS, rates: { cancel: 0.02, stray: 0.02 }, accidents: ACCIDENTS } },
  { name: 'habits-harsh', students: 12, o: { students: 12, dpi: 200, profile: PROFILES.harsh, seed: 32, habits: HABITS, rates: { cancel: 0.02, stray: 0.02 }, modes: { color: 0.2, bw: 0.2 }, accidents: ACCIDENTS } },
  { name: 'habits-harder', students: 12, o: { students: 12, dpi: 200, profile: PROFILES.office, seed: 51, habits: { fill: 2, light: 5, tick: 1, dot: 1, cross: 1 }, rates: { cancel: 0.02, stray: 0.05, smudge: 0.15 }, accidents: ACCIDENTS } },
];

/** The corpora's pages as the tests hand them to the reader: JPEG bytes (grey, or colour for a colour page) or raw grey. */
async function makeCorpus(): Promise<void> {
  mkdirSync(CORPUS, { recursive: true });
  const prints = { 6: await realClassPrint(6), 12: await realClassPrint(12) };
  for (const [students, print] of Object.entries(prints)) writeFileSync(join(CORPUS, `map${students}.json`), JSON.stringify(print.map));
  const index: Entry[] = [];
  for (const stack of STACKS) {
    const print = prints[stack.students];
    let n = 0;
    for await (const page of scanCorpus({ map: print.map, print, document: print.document, ...stack.o })) {
      const file = `${stack.name}-${++n}`;
      const map = `map${stack.students}`;
      if (page.mode === 'color' && page.rgb) {
        writeFileSync(join(CORPUS, `${file}.jpg`), await sharp(Buffer.from(page.rgb), { raw: { width: page.image.width, height: page.image.height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer());
        index.push({ stack: stack.name, map, file: `${file}.jpg`, kind: 'jpeg' });
      } else if (page.jpegQuality) {
        writeFileSync(join(CORPUS, `${file}.jpg`), await toJpeg(page.image, page.jpegQuality));
        index.push({ stack: stack.name, map, file: `${file}.jpg`, kind: 'jpeg' });
      } else {
        writeFileSync(join(CORPUS, `${file}.raw`), page.image.data);
        index.push({ stack: stack.name, map, file: `${file}.raw`, kind: 'raw', width: page.image.width, height: page.image.height });
      }
    }
  }
  writeFileSync(join(CORPUS, 'index.json'), JSON.stringify(index));
}

if (!existsSync(join(CORPUS, 'index.json'))) await makeCorpus();
const bench = await benchCorpus(BENCH_STUDENTS);
// The reader under test, from this checkout or BENCH_READER_ROOT's.
const { readPage } = (await import(join(ROOT, 'src/scan/read-page.ts'))) as { readPage: (input: ReadPageInput) => Promise<PageReading> };
const { decodeImage } = (await import(join(ROOT, 'src/scan/image-input.ts'))) as { decodeImage: (input: Buffer) => Promise<GrayImage> };
const { pdfPageImages } = (await import(join(ROOT, 'src/scan/pdf-pages.ts'))) as { pdfPageImages: (path: string, wanted: readonly number[], o: { dpi: number; workDir: string }) => AsyncGenerator<{ index: number; image: GrayImage }> };

const maps = new Map<string, CardGeometryV2>();
const mapOf = (name: string) => maps.get(name) ?? maps.set(name, JSON.parse(readFileSync(join(CORPUS, `${name}.json`), 'utf8')) as CardGeometryV2).get(name)!;
const hash = (data?: Uint8Array) => (data ? createHash('sha1').update(data).digest('hex').slice(0, 16) : '-');
/** This thread's CPU ticks (1/100 s): the reader itself, without V8's helper threads. */
const mainTicks = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const lines: string[] = [];
let cpu = 0;
let main = 0;
async function read(name: string, image: GrayImage, map: CardGeometryV2): Promise<void> {
  const before = process.cpuUsage();
  const ticks = mainTicks();
  let reading: PageReading | undefined;
  for (let r = 0; r < REPEAT; r++) reading = await readPage({ image, mapFor: async () => map });
  const used = process.cpuUsage(before);
  cpu += (used.user + used.system) / 1000 / REPEAT;
  main += ((mainTicks() - ticks) * 10) / REPEAT;
  lines.push(JSON.stringify({ file: name, w: image.width, h: image.height, mode: image.mode ?? null, data: hash(image.data), luma: hash(image.luma), reading }));
}

const index = JSON.parse(readFileSync(join(CORPUS, 'index.json'), 'utf8')) as Entry[];
for (const e of index) {
  if (ONLY && !e.stack.startsWith(ONLY)) continue;
  const bytes = readFileSync(join(CORPUS, e.file));
  await read(e.file, e.kind === 'raw' ? { width: e.width!, height: e.height!, data: new Uint8Array(bytes) } : await decodeImage(bytes), mapOf(e.map));
}
if (!ONLY || 'bench'.startsWith(ONLY)) {
  const workDir = mkdtempSync(join(tmpdir(), 'acs-scan-readings-'));
  try {
    const pages = bench.pageStudents.map((_, i) => i + 1);
    for await (const { index: i, image } of pdfPageImages(bench.pdf, pages, { dpi: BENCH_DPI, workDir })) await read(`bench-${i}`, image, bench.print.map);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
writeFileSync(OUT, `${lines.join('\n')}\n`);
console.log(`${lines.length} pages read with ${ROOT}/src/scan (× ${REPEAT}): readPage CPU ${(cpu / lines.length).toFixed(1)} ms a page, its thread ${(main / lines.length).toFixed(1)} ms; readings in ${OUT}; ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
