import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeImage, pdfPageCount, rasterisePdfFilePage } from './image-input';
import type { GrayImage } from './page-reading';

/**
 * A scanner's PDF is one image a page. Taking that image out (`pdfimages -j`, a file copy for a
 * JPEG) and decoding it with sharp costs a few tens of ms where rendering the page with pdftoppm
 * costs ~200 ms of CPU at 200 dpi (it decodes, scales and anti-aliases the same pixels). Any other
 * page — vector content, several images, a turned page, an image not covering the page — is
 * rendered as before, so the fast path never changes what the reader sees.
 */
const run = promisify(execFile);
/** How far the image's size at its own resolution may differ from the page's and still be "the page". */
const COVER_TOLERANCE = 0.01;

type Listed = { width: number; height: number; xppi: number; yppi: number };
type PageFacts = { w: number; h: number; rot: number; images: Listed[] };

/**
 * Every page's size, rotation and images, listed once per file (a batch reads all its pages):
 * two poppler runs per file instead of per page. Keyed by path, size and mtime; a few files kept.
 */
const listed = new Map<string, Promise<Map<number, PageFacts>>>();
const KEEP_FILES = 4;

async function listFile(path: string): Promise<Map<number, PageFacts>> {
  const pages = await pdfPageCount(path);
  const [info, list] = await Promise.all([
    run('pdfinfo', ['-f', '1', '-l', String(pages), path], { maxBuffer: 1 << 26 }),
    run('pdfimages', ['-list', path], { maxBuffer: 1 << 26 }),
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
    if (f.length >= 14 && f[2] === 'image' && page) page.images.push({ width: Number(f[3]), height: Number(f[4]), xppi: Number(f[12]), yppi: Number(f[13]) });
  }
  return facts;
}

async function pageFacts(path: string, page: number): Promise<PageFacts | undefined> {
  const { size, mtimeMs } = await stat(path);
  const key = `${path}\0${size}\0${mtimeMs}`;
  let file = listed.get(key);
  if (!file) {
    file = listFile(path);
    listed.set(key, file);
    file.catch(() => listed.delete(key));
    if (listed.size > KEEP_FILES) listed.delete(listed.keys().next().value!);
  }
  return (await file).get(page);
}

/** The page's one full-page scan image, or null when the page is anything else. */
export async function scanImageOfPdfPage(path: string, page: number): Promise<GrayImage | null> {
  const facts = await pageFacts(path, page);
  if (!facts) return null;
  const [image] = facts.images;
  if (facts.images.length !== 1 || facts.rot % 360 !== 0 || !(image.xppi > 0 && image.yppi > 0)) return null;
  const covers = (px: number, ppi: number, pt: number) => Math.abs((px / ppi) * 72 - pt) <= pt * COVER_TOLERANCE;
  if (!covers(image.width, image.xppi, facts.w) || !covers(image.height, image.yppi, facts.h)) return null;
  const dir = await mkdtemp(join(tmpdir(), 'acs-scan-image-'));
  try {
    await run('pdfimages', ['-j', '-png', '-f', String(page), '-l', String(page), path, join(dir, 'p')]);
    const [file] = await readdir(dir);
    if (!file) return null;
    return await decodeImage(await readFile(join(dir, file)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page `page` of a PDF as the reader wants it: the scan image itself when that is all the page is, else rendered at `dpi`. */
export async function pdfPageImage(path: string, page: number, dpi: number): Promise<GrayImage> {
  return (await scanImageOfPdfPage(path, page)) ?? rasterisePdfFilePage(path, page, dpi);
}
