import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeImage } from './image-input';
import type { GrayImage } from './page-reading';

/**
 * The one way a PDF's pages become greyscale rasters (docs/scan-reading.md "Pixels"). A scanner's
 * PDF is one image a page: that image is taken out as it is (`pdfimages`, a file copy for a JPEG)
 * and decoded by sharp — 6 ms of poppler a page where rendering it with pdftoppm costs ~60 ms and
 * gives the same pixels. Any other page (vector content, several images, a turned page, an image
 * not covering the page, a 1-bit or CMYK image whose decoding poppler would have to interpret) is
 * rendered with `pdftoppm -gray` at the asked resolution. Both run over a span of pages at a time
 * (one process per span, the next span going while the last one is read), and a few pages are
 * decoded ahead of the reader, on sharp's threads.
 */
const run = promisify(execFile);

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

/** The number of pages poppler sees in the PDF at `path`; throws on a broken or encrypted file. */
export async function pdfPageCount(path: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [path], { maxBuffer: 1 << 20 });
  const match = /^Pages:\s+(\d+)/m.exec(stdout);
  if (!match) throw new Error(`pdfinfo found no page count in ${path}`);
  return Number(match[1]);
}

type ListedImage = { type: string; width: number; height: number; color: string; bpc: number; enc: string; xppi: number; yppi: number };
type PageFacts = { w: number; h: number; rot: number; images: ListedImage[] };

/** Every page's size, rotation and images: two poppler runs for the whole file (pdfinfo stops at the last page). */
async function listPages(path: string, first = 1, last = 1_000_000): Promise<Map<number, PageFacts>> {
  // Only the pages asked for: a part of a 2,000-page batch lists its 32 pages, not the whole file.
  const range = ['-f', String(first), '-l', String(last)];
  const [info, list] = await Promise.all([
    run('pdfinfo', [...range, path], { maxBuffer: 1 << 26 }),
    run('pdfimages', ['-list', ...range, path], { maxBuffer: 1 << 26 }),
  ]);
  const facts = new Map<number, PageFacts>();
  for (const m of info.stdout.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+)/gm)) facts.set(Number(m[1]), { w: Number(m[2]), h: Number(m[3]), rot: 0, images: [] });
  for (const m of info.stdout.matchAll(/^Page\s+(\d+)\s+rot:\s+(\d+)/gm)) {
    const page = facts.get(Number(m[1]));
    if (page) page.rot = Number(m[2]);
  }
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  for (const f of list.stdout.split('\n').slice(2).map((line) => line.trim().split(/\s+/))) {
    const page = facts.get(Number(f[0]));
    if (f.length >= 14 && page) page.images.push({ type: f[2], width: Number(f[3]), height: Number(f[4]), color: f[5], bpc: Number(f[7]), enc: f[8], xppi: Number(f[12]), yppi: Number(f[13]) });
  }
  return facts;
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

export class PdfPagesFailed extends Error {}

/** Files a poppler run wrote into `dir` under `prefix`, by page (`<prefix>-<page>[-<image>].<ext>`). */
async function filesByPage(dir: string, prefix: string): Promise<Map<number, string>> {
  const files = new Map<number, string>();
  for (const name of await readdir(dir)) {
    const match = new RegExp(`^${prefix}-0*(\\d+)(?:-\\d+)?\\.[a-z]+$`).exec(name);
    if (match) files.set(Number(match[1]), join(dir, name));
  }
  return files;
}

async function poppler(tool: 'pdftoppm' | 'pdfimages', args: string[]): Promise<void> {
  await run(tool, args, { maxBuffer: 1 << 20 }).catch((error: { stderr?: string }) => {
    throw new PdfPagesFailed(String(error.stderr ?? `${tool} failed`).split('\n')[0]);
  });
}

/** Pages `from`–`to` rendered by pdftoppm into `dir` as PGM files. */
async function renderSpan(path: string, dir: string, from: number, to: number, dpi: number): Promise<Map<number, string>> {
  const prefix = `r${from}`;
  await poppler('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(from), '-l', String(to), path, join(dir, prefix)]);
  return filesByPage(dir, prefix);
}

/** The images of pages `from`–`to` taken out by pdfimages into `dir` (JPEG as stored, others as PNG). */
async function extractSpan(path: string, dir: string, from: number, to: number): Promise<Map<number, string>> {
  const prefix = `x${from}`;
  await poppler('pdfimages', ['-j', '-png', '-p', '-f', String(from), '-l', String(to), path, join(dir, prefix)]);
  return filesByPage(dir, prefix);
}

/** Contiguous runs of the sorted pages, each at most `max` pages long. */
function runsOf(pages: readonly number[], max: number): number[][] {
  const runs: number[][] = [];
  for (const page of pages) {
    const last = runs.at(-1);
    if (last && page === last.at(-1)! + 1 && last.length < max) last.push(page);
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
    ...runsOf(slow, SPAN).map(async (pages) => {
      for (const [page, file] of await renderSpan(path, dir, pages[0], pages.at(-1)!, dpi)) files.set(page, { file, rendered: true });
    }),
  ];
  await Promise.all(jobs);
  return files;
}

/** A page's file decoded; a taken-out image sharp cannot decode is rendered instead. */
async function decodeFile(path: string, page: number, entry: { file: string; rendered: boolean }, dir: string, dpi: number): Promise<GrayImage> {
  if (entry.rendered) return parsePgm(await readFile(entry.file));
  return decodeImage(entry.file).catch(async () => {
    const file = (await renderSpan(path, dir, page, page, dpi)).get(page);
    if (!file) throw new PdfPagesFailed(`page ${page} could not be rasterised`);
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
export async function* pdfPageImages(path: string, wanted: readonly number[], o: { dpi: number; workDir: string }): AsyncGenerator<{ index: number; image: GrayImage }> {
  if (wanted.length === 0) return;
  await mkdir(o.workDir, { recursive: true });
  const facts = await listPages(path, wanted[0], wanted[wanted.length - 1]);
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
        if (!entry) decoding.set(page, Promise.reject(new PdfPagesFailed(`page ${page} could not be rasterised`)));
        else decoding.set(page, decodeFile(path, page, entry, o.workDir, o.dpi).finally(() => rm(entry.file, { force: true })));
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
export async function pdfPageImage(path: string, page: number, dpi: number): Promise<GrayImage> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-pdf-page-'));
  try {
    for await (const { image } of pdfPageImages(path, [page], { dpi, workDir: dir })) return image;
    throw new PdfPagesFailed(`page ${page} could not be rasterised`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page `page` (from 1) of a PDF held in memory, always rendered by pdftoppm (a print, not a scan: the corpus generator's pages). */
export async function renderPdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<GrayImage> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-pdf-render-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const file = (await renderSpan(join(dir, 'in.pdf'), dir, page, page, dpi)).get(page);
    if (!file) throw new PdfPagesFailed(`page ${page} could not be rendered`);
    return parsePgm(await readFile(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
