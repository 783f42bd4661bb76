import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeImage, rasterisePdfFilePage } from './image-input';
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

async function pageFacts(path: string, page: number): Promise<{ w: number; h: number; rot: number; images: Listed[] }> {
  const range = ['-f', String(page), '-l', String(page)];
  const [info, list] = await Promise.all([run('pdfinfo', [...range, path]), run('pdfimages', ['-list', ...range, path])]);
  const size = /Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+)/.exec(info.stdout);
  const rot = /Page\s+\d+\s+rot:\s+(\d+)/.exec(info.stdout);
  // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  const images = list.stdout.split('\n').slice(2).map((line) => line.trim().split(/\s+/)).filter((f) => f.length >= 14)
    .map((f) => ({ type: f[2], width: Number(f[3]), height: Number(f[4]), xppi: Number(f[12]), yppi: Number(f[13]) }))
    .filter((f) => f.type === 'image');
  return { w: size ? Number(size[1]) : 0, h: size ? Number(size[2]) : 0, rot: rot ? Number(rot[1]) : 0, images };
}

/** The page's one full-page scan image, or null when the page is anything else. */
export async function scanImageOfPdfPage(path: string, page: number): Promise<GrayImage | null> {
  const facts = await pageFacts(path, page);
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
