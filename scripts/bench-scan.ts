// `npm run bench:scan`: how fast and how well the page reader (src/scan/read-page.ts) reads a
// scanner's PDF of a real class print, from the stored file to every page's answers: each page's
// scan image taken out (src/scan/pdf-pages.ts: pdfimages; pdftoppm -gray for any other page), then readPage. The corpus
// is tests/support/scan-corpus's office profile (±1.5°, ±2 %, noise, blur, grey JPEG 80 inside the
// PDF, 5 % upside down, 10 % blank backs).
// Lanes: pages being read at once (the source decodes the next pages meanwhile on sharp's threads). Median of 3 runs per setting. Anchor: Auto Multiple
// Choice reads its own 200 dpi scans at 6.1 pages/s on both cores (3.9/s at 300 dpi).
// On a shared machine wall time says more about the neighbours than about the reader, so the
// CPU seconds of this process and its poppler children are printed too, and from them the rate
// two cores would reach if nothing else ran (2 × pages / CPU seconds).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfPageCount, pdfPageImages } from '../src/scan/pdf-pages';
import { readPage } from '../src/scan/read-page';
import { pageCodesOf } from '../src/scan/code-candidates';
import { formatPageCode } from '../src/shared/geometry/page-code';
import type { PageReading } from '../src/scan/page-reading';
import { PROFILES, scanCorpus, type CorpusPage } from '../tests/support/scan-corpus/corpus';
import { toJpeg, toScanPdf } from '../tests/support/scan-corpus/encode';
import { realClassPrint } from '../tests/support/scan-corpus/real-print';
import { tally } from '../tests/support/scan-corpus/score';
import { photoCorpus } from '../tests/support/scan-corpus/photo';
import { decodeImage } from '../src/scan/image-input';
import { treeCpuSeconds } from './lib/process-tree-usage';

const STUDENTS = Number(process.env.BENCH_SCAN_STUDENTS ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'acs-bench-scan-'));
const print = await realClassPrint(STUDENTS);
const mapFor = async () => print.map;
console.log(`class print: ${STUDENTS} students × ${print.map.pages} pages, ${print.map.groups.length} questions a student; ${cpus().length} cores`);

async function readAll(path: string, pages: number, dpi: number, lanes: number): Promise<PageReading[]> {
  const readings = new Array<PageReading>(pages);
  const reading = new Set<Promise<void>>();
  const all = Array.from({ length: pages }, (_, i) => i + 1);
  for await (const { index, image } of pdfPageImages(path, all, { dpi, workDir: join(dir, 'pages') })) {
    const done: Promise<void> = readPage({ image, mapFor }).then((r) => void (readings[index - 1] = r));
    reading.add(done);
    void done.finally(() => reading.delete(done));
    if (reading.size >= lanes) await Promise.race(reading);
  }
  await Promise.all(reading);
  return readings;
}

for (const dpi of process.env.BENCH_SCAN_PHOTOS_ONLY ? [] : [200, 300]) {
  const truth: Omit<CorpusPage, 'image'>[] = [];
  const jpegs: Uint8Array[] = [];
  for await (const { image, ...page } of scanCorpus({ map: print.map, print, document: print.document, students: STUDENTS, dpi, profile: PROFILES.office, seed: dpi, blankBacks: 0.1 })) {
    truth.push(page);
    jpegs.push(await toJpeg(image, page.jpegQuality ?? 90));
  }
  const path = join(dir, `scan-${dpi}.pdf`);
  writeFileSync(path, await toScanPdf(jpegs, dpi));
  const pages = await pdfPageCount(path);
  for (const lanes of [1, 2]) {
    const times: number[] = [];
    const cpu: number[] = [];
    let readings: PageReading[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const cpuBefore = treeCpuSeconds(process.pid);
      readings = await readAll(path, pages, dpi, lanes);
      times.push((performance.now() - started) / 1000);
      cpu.push(treeCpuSeconds(process.pid) - cpuBefore);
    }
    const seconds = times.sort((a, b) => a - b)[1];
    const cpuSeconds = cpu.sort((a, b) => a - b)[1];
    const t = tally(truth.flatMap((page, i) => page.expected.map((e) => [e, readings[i].questions.find((q) => q.q === e.q)] as const)));
    const identified = truth.filter((page, i) => page.code && readings[i].status === 'read').length;
    const blanks = truth.filter((page, i) => !page.code && readings[i].status === 'blank').length;
    console.log(
      `${dpi} dpi, ${lanes} lane${lanes > 1 ? 's' : ''}: ${pages} pages in ${seconds.toFixed(2)} s = ${(pages / seconds).toFixed(1)} pages/s (median of 3, load ${loadavg()[0].toFixed(1)});`,
      `CPU ${((1000 * cpuSeconds) / pages).toFixed(0)} ms a page → ${((2 * pages) / cpuSeconds).toFixed(1)} pages/s on 2 idle cores; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB;`,
      `identified ${identified}/${truth.filter((p) => p.code).length}, blank backs ${blanks}/${truth.filter((p) => !p.code).length};`,
      `questions ${t.questions}: right ${((100 * t.right) / t.questions).toFixed(2)} %, flagged ${t.flagged}, silently wrong ${t.wrong}`,
    );
  }
}

// Phone photos (issue 29): the photo corpus within the limits (tilt ≤ 15°, any turn, page
// 60–97 % of the frame, shadows ≤ 60 %, blur ≤ 3 px, JPEG 70–85; two of three 12 MP, one 3 MP),
// each JPEG decoded (src/scan/image-input.ts: shrunk on load) and read, one at a time; CPU of
// this process (sharp's threads included) per page, median of 3 runs.
// BENCH_PHOTO_STUDENTS (10) students' pages within the limits, BENCH_PHOTO_BEYOND (0) more beyond them
// (tilt 15–25°, page 55–60 %, shadows 60–80 %, blur 3–5 px, one or more at once), BENCH_PHOTO_RUNS (3) timed runs
// after an untimed warm-up pass (none with 1 run).
// Every fourth photo within the limits stands at their corner within 15° of a quarter turn;
// BENCH_PHOTO_CORNERS_ANY_TURN=1 leaves those corners at any turn (the page then smaller than 60 %).
const withinStudents = Math.min(STUDENTS, Number(process.env.BENCH_PHOTO_STUDENTS ?? 10));
const beyondStudents = Math.min(STUDENTS - withinStudents, Number(process.env.BENCH_PHOTO_BEYOND ?? 0));
// The page codes the photos can carry, as the worker gives them (src/worker/jobs/scan-codes.ts: the
// card's pages × the school's students): the print's students and BENCH_PHOTO_DECOYS (2,000) more
// ids, a big school's roster, so a code blurred past decoding is matched among as many as in a school.
const decoys = Number(process.env.BENCH_PHOTO_DECOYS ?? 2000);
const printIds = print.students.map((s) => s.id!);
const decoyIds = Array.from({ length: decoys }, (_, i) => Math.max(...printIds) + 1 + i);
// BENCH_PHOTO_WITHOUT_OWN=1 leaves each photo's own code out of its list (its classmates', one id
// apart, kept): every code matched is then a wrong one — the check that none is (a student deleted
// since the print). Slow: each photo's list is encoded afresh.
const photoCodes = pageCodesOf({ document: print.document, layout: print.map.layout, pages: print.map.pages, students: [...printIds, ...decoyIds], versions: 1 });
/**
 * This machine's speed at the moment, as the CPU milliseconds of a fixed piece of pixel work (a
 * 3 × 3 box blur over 12 MP of bytes, the kind of loop the photo steps run): printed beside the
 * photo set's CPU a page, so a slow minute of the (virtual) machine shows as such — the same reader
 * cost 161 ms a page in one minute and 350 ms in another (docs/scan-reading.md "Photos").
 */
function machineMs(): number {
  const w = 4000;
  const h = 3000;
  const src = new Uint8Array(w * h).map((_, i) => (i * 2654435761) >>> 24);
  const out = new Uint8Array(w * h);
  const before = process.cpuUsage();
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      out[i] = (src[i - w - 1] + src[i - w] + src[i - w + 1] + src[i - 1] + src[i] + src[i + 1] + src[i + w - 1] + src[i + w] + src[i + w + 1]) / 9;
    }
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 + out[w + 1] * 0;
}
const codesFor = (own: string) => (process.env.BENCH_PHOTO_WITHOUT_OWN ? () => Promise.resolve(photoCodes.filter((c) => c !== own)) : () => Promise.resolve(photoCodes));
for (const [setName, from, count] of [['within', 0, withinStudents], ['beyond', withinStudents, beyondStudents]] as const) {
  if (count <= 0) continue;
  const photos = await photoCorpus({ map: print.map, print, firstStudent: from, document: print.document, students: count, seed: setName === 'within' ? 29 : 30, set: setName, cornersAnyTurn: Boolean(process.env.BENCH_PHOTO_CORNERS_ANY_TURN) });
  for (const mp of [12, 3] as const) {
    const set = photos.filter((p) => p.params.megapixels === mp);
    const cpuMs: number[] = [];
    let readings: PageReading[] = [];
    const runs = Number(process.env.BENCH_PHOTO_RUNS ?? 3);
    // With more than one run, a first pass warms the process up untimed (V8's compiled code, the
    // page code's symbol plans, libvips's caches): the first pass cost 30–50 % more than the next.
    for (let run = runs > 1 ? -1 : 0; run < runs; run++) {
      readings = [];
      const before = process.cpuUsage();
      for (const photo of set) readings.push(await readPage({ image: await decodeImage(photo.jpeg), mapFor, codes: codesFor(formatPageCode(photo.code)) }));
      const used = process.cpuUsage(before);
      if (run >= 0) cpuMs.push((used.user + used.system) / 1000 / set.length);
    }
    const ms = cpuMs.sort((a, b) => a - b)[Math.floor(cpuMs.length / 2)];
    const spread = cpuMs.length > 1 ? `, runs ${cpuMs.map((c) => c.toFixed(0)).join(' / ')} ms` : '';
    const machine = [machineMs(), machineMs(), machineMs()].sort((a, b) => a - b)[1];
    // A page set aside (not read: no code, transform not verified) is a person's to look at: its questions are neither right nor wrong.
    const read = set.map((photo, i) => ({ photo, reading: readings[i] })).filter(({ reading }) => reading.status === 'read');
    const t = tally(read.flatMap(({ photo, reading }) => photo.expected.map((e) => [e, reading.questions.find((q) => q.q === e.q)] as const)));
    const identified = read.filter(({ photo, reading }) => JSON.stringify(reading.code) === JSON.stringify(photo.code)).length;
    const blurred = set.filter((photo, i) => readings[i].status !== 'read' && photo.codeBlur >= 0.55).length;
    // Codes blurred past ZXing's own reading (σ ≥ 0.55 module): read on their known grid (src/scan/code-grid.ts) or not.
    const pastZxing = set.filter((photo) => photo.codeBlur >= 0.55);
    const pastRead = pastZxing.filter((photo) => readings[set.indexOf(photo)].status === 'read').length;
    console.log(
      `photos ${setName} the limits, ${mp} MP: ${set.length} pages, CPU ${ms.toFixed(0)} ms a page (decode + read, median of ${runs}${runs > 1 ? ' after a warm-up pass' : ''}${spread}, load ${loadavg()[0].toFixed(1)}; the machine's fixed 12 MP blur ${machine.toFixed(0)} ms);`,
      `identified ${identified}/${set.length} (set aside ${set.length - read.length}, of them ${blurred} with the code blurred over 0.55 module; read as another page ${read.length - identified}; codes blurred over 0.55 module ${pastZxing.length}, read ${pastRead});`,
      `questions of the pages read ${t.questions}: right ${((100 * t.right) / t.questions).toFixed(2)} %, flagged ${t.flagged}, silently wrong ${t.wrong}`,
    );
  }
}
