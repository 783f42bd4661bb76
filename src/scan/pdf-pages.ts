import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCAN_MAX_PAGE_LONG_PT, SCAN_MAX_PAGE_PIXELS, SCAN_MAX_PAGE_SHORT_PT, SCAN_MAX_PAGES } from '../shared/scan-limits';
import { decodeImage } from './image-input';
import type { GrayImage } from './page-reading';
import { PopplerFailed, runPoppler } from './poppler';
import { ScanFileProblem } from './scan-problem';

/**
 * The one way a PDF's pages become greyscale rasters (docs/scan-reading.md "Pixels"). A scanner's
 * PDF is one image a page: that image is taken out as it is (`pdfimages`, a file copy for a JPEG)
 * and decoded by sharp — 6 ms of poppler a page where rendering it with pdftoppm costs ~60 ms and
 * gives the same pixels. Any other page (vector content, several images, a turned page, an image
 * not covering the page, a 1-bit or CMYK image whose decoding poppler would have to interpret) is
 * rendered with `pdftoppm -gray`, scaled explicitly to the asked resolution of its (capped) page
 * box. Every poppler run goes through poppler.ts (memory, CPU and time limits), and a file is
 * inspected first (`inspectPdf`: page count, every page's boxes, every image's pixels) before
 * any of its pixels is decoded. Both run over a span of pages at a time
 * (one process per span, the next span going while the last one is read), and a few pages are
 * decoded ahead of the reader, on sharp's threads.
 */
/** Scanned PDFs are rendered at 200 dpi: enough for 0.6 mm page-code modules and bubble fills. */
export const SCAN_RASTER_DPI = 200;
/** poppler runs over at most this many pages at a time (each run is a fork of the worker: ~30 ms of CPU however few pages). */
const SPAN = 32;
/** Pages decoded ahead of the one being read: keeps sharp's threads busy while the reader works (≈ 4 MB a page at 200 dpi). */
const DECODE_AHEAD = 3;
/** How far an image's size at its own resolution may differ from the page's and still be "the page". */
const COVER_TOLERANCE = 0.01;

/** The binary netpbm header poppler writes (P5 grey, P6 RGB; 8 bit); `at` is where the pixels start. */
export function parseNetpbmHeader(file: Buffer, magic: 'P5' | 'P6'): { width: number; height: number; at: number } {
  const fields: string[] = [];
  let at = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(file[at]))) at += 1;
    if (file[at] === 0x23) {
      while (file[at] !== 0x0a) at += 1;
      continue;
    }
    const start = at;
    while (!/\s/.test(String.fromCharCode(file[at]))) at += 1;
    fields.push(file.subarray(start, at).toString('ascii'));
  }
  const [found, width, height, maxval] = fields;
  if (found !== magic || maxval !== '255') throw new Error(`not an 8-bit ${magic} file: ${found} ${maxval}`);
  return { width: Number(width), height: Number(height), at: at + 1 };
}

/** Binary PGM (P5, 8 bit), what `pdftoppm -gray` writes: one byte a pixel. */
export function parsePgm(file: Buffer): GrayImage {
  const { width, height, at } = parseNetpbmHeader(file, 'P5');
  return { width, height, data: new Uint8Array(file.buffer, file.byteOffset + at, width * height) };
}

/** The number of pages poppler sees in the PDF at `path`; throws (PopplerFailed) on a broken or encrypted file. */
export async function pdfPageCount(path: string): Promise<number> {
  const { stdout } = await runPoppler('pdfinfo', [path]);
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match) throw new PopplerFailed('pdfinfo', 'exit', 'no page count');
  return Number(match[1]);
}

type ListedImage = { type: string; width: number; height: number; color: string; bpc: number; enc: string; xppi: number; yppi: number };
/** A page: its size (pdfinfo's, the crop box) and MediaBox in points, rotation, and images. */
type PageFacts = { w: number; h: number; mediaW: number; mediaH: number; cropW: number; cropH: number; rot: number; images: ListedImage[] };
export type PdfFacts = { pages: number; facts: Map<number, PageFacts> };

/** Pages `from`–`to`'s size, boxes, rotation and (with `images`) images: one or two poppler runs. */
async function listPages(path: string, from: number, to: number, images = true): Promise<Map<number, PageFacts>> {
  const [info, list] = await Promise.all([runPoppler('pdfinfo', ['-box', '-f', String(from), '-l', String(Math.max(from, to)), path]), images ? runPoppler('pdfimages', ['-list', '-f', String(from), '-l', String(Math.max(from, to)), path]) : { stdout: '' }]);
  const facts = new Map<number, PageFacts>();
  const page = (n: string) => facts.get(Number(n)) ?? facts.set(Number(n), { w: 0, h: 0, mediaW: 0, mediaH: 0, cropW: 0, cropH: 0, rot: 0, images: [] }).get(Number(n))!;
  for (const m of info.stdout.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+)/gm)) Object.assign(page(m[1]), { w: Number(m[2]), h: Number(m[3]) });
  for (const m of info.stdout.matchAll(/^Page\s+(\d+)\s+rot:\s+(-?\d+)/gm)) page(m[1]).rot = ((Number(m[2]) % 360) + 360) % 360;
  for (const m of info.stdout.matchAll(/^Page\s+(\d+)\s+(MediaBox|CropBox):\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/gm)) {
    const [w, h] = [Math.abs(Number(m[5]) - Number(m[3])), Math.abs(Number(m[6]) - Number(m[4]))];
    Object.assign(page(m[1]), m[2] === 'MediaBox' ? { mediaW: w, mediaH: h } : { cropW: w, cropH: h });
  }
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  for (const f of list.stdout.split('\n').slice(2).map((line) => line.trim().split(/\s+/))) {
    const known = facts.get(Number(f[0]));
    if (f.length >= 14 && known) known.images.push({ type: f[2], width: Number(f[3]), height: Number(f[4]), color: f[5], bpc: Number(f[7]), enc: f[8], xppi: Number(f[12]), yppi: Number(f[13]) });
  }
  return facts;
}

const tooLarge = (w: number, h: number) => Math.min(w, h) > SCAN_MAX_PAGE_SHORT_PT || Math.max(w, h) > SCAN_MAX_PAGE_LONG_PT;

/** A poppler failure on the file as a whole, as a refusal: locked, broken, or past a limit. */
function fileProblem(error: unknown): ScanFileProblem {
  if (!(error instanceof PopplerFailed)) return new ScanFileProblem('malformed', String(error), { kind: 'pdf' });
  if (/Incorrect password|encrypt/i.test(error.detail)) return new ScanFileProblem('encrypted', error.detail, { kind: 'pdf' });
  if (error.why === 'exit') return new ScanFileProblem('malformed', error.detail, { kind: 'pdf' });
  return new ScanFileProblem('tooComplex', error.message, { kind: 'pdf' });
}

/**
 * A PDF checked before any of its pixels is decoded (docs/scan-reading.md "Limits on input"), at
 * upload and again in the job: its page count (≤ SCAN_MAX_PAGES), every page's MediaBox and
 * CropBox (≤ A3 + 15 %), every embedded image's pixels (≤ A3 at 400 dpi). A ScanFileProblem
 * names the first page at fault.
 */
export async function inspectPdf(path: string): Promise<PdfFacts> {
  const pages = await pdfPageCount(path).catch((error: unknown) => {
    throw fileProblem(error);
  });
  if (pages > SCAN_MAX_PAGES) throw new ScanFileProblem('tooManyPages', `${pages} pages`, { kind: 'pdf' });
  if (pages === 0) return { pages, facts: new Map() };
  const facts = await listPages(path, 1, pages).catch((error: unknown) => {
    throw fileProblem(error);
  });
  for (let n = 1; n <= pages; n++) {
    const page = facts.get(n);
    if (!page) throw new ScanFileProblem('malformed', `page ${n} not listed`, { kind: 'pdf', page: n });
    if (tooLarge(page.mediaW, page.mediaH) || tooLarge(page.cropW, page.cropH) || tooLarge(page.w, page.h)) throw new ScanFileProblem('pageTooLarge', `${page.mediaW} × ${page.mediaH} pt`, { kind: 'pdf', page: n });
    const flood = page.images.find((i) => i.width * i.height > SCAN_MAX_PAGE_PIXELS);
    if (flood) throw new ScanFileProblem('imageTooLarge', `${flood.width} × ${flood.height} px`, { kind: 'pdf', page: n });
  }
  return { pages, facts };
}

/**
 * A page that is exactly one full-page 8-bit grey or RGB image (JPEG or lossless), unturned: its
 * pixels are the page. 1-bit, CMYK, indexed and other images, masks, and any second image leave
 * the page to pdftoppm, whose rendering applies whatever the PDF says about them.
 */
function isScanImagePage(facts: PageFacts | undefined): boolean {
  if (!facts || facts.images.length !== 1 || facts.rot % 360 !== 0) return false;
  const [image] = facts.images;
  if (image.type !== 'image' || image.bpc !== 8 || !['gray', 'rgb'].includes(image.color) || !['jpeg', 'image'].includes(image.enc)) return false;
  if (!(image.xppi > 0 && image.yppi > 0)) return false;
  const covers = (px: number, ppi: number, pt: number) => Math.abs((px / ppi) * 72 - pt) <= pt * COVER_TOLERANCE;
  return covers(image.width, image.xppi, facts.w) && covers(image.height, image.yppi, facts.h);
}

/** A page poppler could not turn into pixels; `why` is poppler.ts's (a limit hit, or poppler's own failure). */
export class PdfPagesFailed extends Error {
  constructor(
    readonly page: number,
    readonly why: PopplerFailed['why'] | 'missing',
    detail: string,
  ) {
    super(`page ${page}: ${detail}`);
  }
}

/** Files a poppler run wrote into `dir` under `prefix`, by page (`<prefix>-<page>[-<image>].<ext>`). */
async function filesByPage(dir: string, prefix: string): Promise<Map<number, string>> {
  const files = new Map<number, string>();
  for (const name of await readdir(dir)) {
    const match = new RegExp(`^${prefix}-0*(\\d+)(?:-\\d+)?\\.[a-z]+$`).exec(name);
    if (match) files.set(Number(match[1]), join(dir, name));
  }
  return files;
}

/**
 * A poppler run over pages `from`–`to`; when it fails over several pages, the pages are tried one
 * by one so the refusal names the page at fault (a run that timed out is not tried again).
 */
async function popplerSpan(tool: 'pdftoppm' | 'pdfimages', args: (from: number, to: number) => string[], from: number, to: number): Promise<void> {
  try {
    await runPoppler(tool, args(from, to));
  } catch (error) {
    const failed = error instanceof PopplerFailed ? error : new PopplerFailed(tool, 'exit', String(error));
    if (from === to || failed.why === 'timeout') throw new PdfPagesFailed(from, failed.why, failed.message);
    for (let page = from; page <= to; page++) await popplerSpan(tool, args, page, page);
    throw new PdfPagesFailed(from, failed.why, failed.message); // the span failed, no single page did
  }
}

/** The pixels pdftoppm renders a page to at `dpi`: its MediaBox (what pdftoppm draws), turned by /Rotate. */
function renderSize(page: PageFacts, dpi: number): [number, number] {
  // pdftoppm -r rounds up; so does this, so a page has the size it always had.
  const [w, h] = [Math.max(1, Math.ceil((page.mediaW / 72) * dpi - 1e-6)), Math.max(1, Math.ceil((page.mediaH / 72) * dpi - 1e-6))];
  return page.rot % 180 === 0 ? [w, h] : [h, w];
}

/** pdftoppm's arguments for pages `from`–`to` of one render size: grey (PGM) or colour (PPM), scaled explicitly. */
const renderArgs = (path: string, out: string, from: number, to: number, size: [number, number], colour = false) => [...(colour ? [] : ['-gray']), '-scale-to-x', String(size[0]), '-scale-to-y', String(size[1]), '-f', String(from), '-l', String(to), path, out];

/**
 * Pages `from`–`to` (all of one render size) rendered by pdftoppm into `dir` as PGM files, scaled
 * explicitly (`-scale-to-x/-y`): the pixels are what the capped box says, whatever else the file claims.
 */
async function renderSpan(path: string, dir: string, from: number, to: number, size: [number, number]): Promise<Map<number, string>> {
  const prefix = `r${from}`;
  await popplerSpan('pdftoppm', (f, l) => renderArgs(path, join(dir, prefix), f, l, size), from, to);
  return filesByPage(dir, prefix);
}

/** The images of pages `from`–`to` taken out by pdfimages into `dir` (JPEG as stored, others as PNG). */
async function extractSpan(path: string, dir: string, from: number, to: number): Promise<Map<number, string>> {
  const prefix = `x${from}`;
  await popplerSpan('pdfimages', (f, l) => ['-j', '-png', '-p', '-f', String(f), '-l', String(l), path, join(dir, prefix)], from, to);
  return filesByPage(dir, prefix);
}

/** Contiguous runs of the sorted pages, each at most `max` pages long and of one `sameBy` value. */
function runsOf(pages: readonly number[], max: number, sameBy: (page: number) => string = () => ''): number[][] {
  const runs: number[][] = [];
  for (const page of pages) {
    const last = runs.at(-1);
    if (last && page === last.at(-1)! + 1 && last.length < max && sameBy(page) === sameBy(last[0])) last.push(page);
    else runs.push([page]);
  }
  return runs;
}

/** One span's pages as files: scan images taken out, the rest rendered. */
async function spanFiles(path: string, dir: string, span: number[], facts: Map<number, PageFacts>, dpi: number): Promise<Map<number, { file: string; rendered: boolean }>> {
  const fast = span.filter((page) => isScanImagePage(facts.get(page)));
  const slow = span.filter((page) => !fast.includes(page));
  const files = new Map<number, { file: string; rendered: boolean }>();
  const jobs = [
    ...runsOf(fast, SPAN).map(async (pages) => {
      for (const [page, file] of await extractSpan(path, dir, pages[0], pages.at(-1)!)) files.set(page, { file, rendered: false });
    }),
    ...runsOf(slow, SPAN, (page) => renderSize(facts.get(page)!, dpi).join('x')).map(async (pages) => {
      for (const [page, file] of await renderSpan(path, dir, pages[0], pages.at(-1)!, renderSize(facts.get(pages[0])!, dpi))) files.set(page, { file, rendered: true });
    }),
  ];
  await Promise.all(jobs);
  return files;
}

/** A page's file decoded; a taken-out image sharp cannot decode is rendered instead. */
async function decodeFile(path: string, page: number, entry: { file: string; rendered: boolean }, dir: string, size: [number, number]): Promise<GrayImage> {
  if (entry.rendered) return parsePgm(await readFile(entry.file));
  return decodeImage(entry.file).catch(async () => {
    const file = (await renderSpan(path, dir, page, page, size)).get(page);
    if (!file) throw new PdfPagesFailed(page, 'missing', 'could not be rasterised');
    try {
      return parsePgm(await readFile(file));
    } finally {
      await rm(file, { force: true });
    }
  });
}

/**
 * The `wanted` pages (1-based, ascending) of the PDF at `path` as greyscale rasters, in order, one
 * at a time: a 1,000-page upload never sits in memory. `workDir` is the caller's scratch folder
 * (files are removed as they are decoded); `dpi` is the resolution of rendered pages.
 */
export async function* pdfPageImages(path: string, wanted: readonly number[], o: { dpi: number; workDir: string; facts?: PdfFacts }): AsyncGenerator<{ index: number; image: GrayImage }> {
  if (wanted.length === 0) return;
  await mkdir(o.workDir, { recursive: true });
  const { facts } = o.facts ?? (await inspectPdf(path));
  const spans: number[][] = [];
  for (const page of wanted) {
    const last = spans.at(-1);
    if (last && page - last[0] < SPAN) last.push(page);
    else spans.push([page]);
  }
  const start = (c: number) => (c < spans.length ? spanFiles(path, o.workDir, spans[c], facts, o.dpi) : null);
  let next = start(0);
  try {
    for (let c = 0; c < spans.length; c++) {
      const files = await next!;
      next = start(c + 1);
      const decoding = new Map<number, Promise<GrayImage>>();
      const decode = (page: number | undefined) => {
        const entry = page === undefined ? undefined : files.get(page);
        if (page === undefined || decoding.has(page)) return;
        if (!entry) decoding.set(page, Promise.reject(new PdfPagesFailed(page, 'missing', 'could not be rasterised')));
        else decoding.set(page, decodeFile(path, page, entry, o.workDir, renderSize(facts.get(page)!, o.dpi)).finally(() => rm(entry.file, { force: true })));
        decoding.get(page)!.catch(() => undefined); // awaited in order below
      };
      for (let i = 0; i < spans[c].length; i++) {
        for (let ahead = i; ahead <= i + DECODE_AHEAD; ahead++) decode(spans[c][ahead]);
        const page = spans[c][i];
        const image = await decoding.get(page)!;
        decoding.delete(page);
        yield { index: page, image };
      }
      for (const { file } of files.values()) await rm(file, { force: true });
    }
  } finally {
    // Stopped early (a refusal, a failure): the span in flight finishes before the caller removes its folder.
    await next?.catch(() => undefined);
  }
}

/** One page of the PDF at `path`, as pdfPageImages gives it (the scan image itself, or rendered at `dpi`). */
export async function pdfPageImageAt(path: string, page: number, dpi: number): Promise<GrayImage> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-pdf-page-'));
  try {
    for await (const { image } of pdfPageImages(path, [page], { dpi, workDir: dir })) return image;
    throw new PdfPagesFailed(page, 'missing', 'could not be rasterised');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A print's page as pixels: its grey and, rendered in colour, its RGB (3 bytes a pixel, row by row); `stderr`: what poppler said drawing it (a broken font is reported there, and the page drawn anyway). */
type RenderedPage = { page: number; image: GrayImage; rgb?: Uint8Array; stderr: string };

/**
 * Pages `first`–`last` (default: all) of a PDF held in memory — a print, not a scan — rendered by
 * pdftoppm at `dpi` the way the scan path renders a page (its box, scaled explicitly, poppler.ts's
 * limits), one page at a time: the one rasteriser of prints, for the corpus generator and every
 * test that looks at a PDF's pixels. `colour`: RGB, its grey the Rec. 601 luma; `env`: poppler's
 * environment (a test empties fontconfig so no installed font stands in for a broken one).
 */
export async function* renderPdf(pdf: Uint8Array, o: { dpi: number; first?: number; last?: number; colour?: boolean; env?: NodeJS.ProcessEnv }): AsyncGenerator<RenderedPage> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-pdf-render-'));
  try {
    const path = join(dir, 'in.pdf');
    await writeFile(path, pdf);
    const first = o.first ?? 1;
    const last = o.last ?? (await pdfPageCount(path));
    const facts = await listPages(path, first, last, false);
    const wanted = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    for (const page of wanted) if (!facts.has(page)) throw new PdfPagesFailed(page, 'missing', 'no such page');
    const sizeOf = (page: number) => renderSize(facts.get(page)!, o.dpi);
    for (const run of runsOf(wanted, SPAN, (page) => sizeOf(page).join('x'))) {
      const prefix = `p${run[0]}`;
      const { stderr } = await runPoppler('pdftoppm', renderArgs(path, join(dir, prefix), run[0], run.at(-1)!, sizeOf(run[0]), o.colour), { env: o.env });
      const files = await filesByPage(dir, prefix);
      for (const page of run) {
        const file = files.get(page);
        if (!file) throw new PdfPagesFailed(page, 'missing', 'could not be rendered');
        const bytes = await readFile(file);
        await rm(file, { force: true });
        yield o.colour ? { ...colourPage(page, bytes), stderr } : { page, image: parsePgm(bytes), stderr };
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One page of a print (renderPdf). */
export async function renderPdfOnePage(pdf: Uint8Array, page: number, o: { dpi: number; colour?: boolean; env?: NodeJS.ProcessEnv }): Promise<RenderedPage> {
  for await (const rendered of renderPdf(pdf, { ...o, first: page, last: page })) return rendered;
  throw new PdfPagesFailed(page, 'missing', 'could not be rendered');
}

/** A PPM page (P6): its RGB, and its grey as the Rec. 601 luma of each pixel. */
function colourPage(page: number, file: Buffer): Omit<RenderedPage, 'stderr'> {
  const { width, height, at } = parseNetpbmHeader(file, 'P6');
  const rgb = new Uint8Array(file.buffer, file.byteOffset + at, width * height * 3).slice();
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.round(0.299 * rgb[3 * i] + 0.587 * rgb[3 * i + 1] + 0.114 * rgb[3 * i + 2]);
  return { page, image: { width, height, data: grey }, rgb };
}

/** Page `page` (from 1) of a PDF held in memory, rendered grey (renderPdf): the corpus generator's pages, a test's look at a print. */
export async function renderPdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<GrayImage> {
  return (await renderPdfOnePage(pdf, page, { dpi })).image;
}
