import { open, type FileHandle } from 'node:fs/promises';
import { SCAN_MAX_PAGES, SCAN_MAX_PAGE_PIXELS, SCAN_MAX_PHOTO_PIXELS } from '../shared/scan-limits';

/**
 * What a PNG, JPEG or TIFF says about its pages, read from its header bytes before any decoder
 * sees a pixel (docs/scan-reading.md "Limits on input"): each page's (TIFF: each frame's) size,
 * and whether the file ends where its own structure says it does. A few kB read, whatever the file.
 */

/** `truncated`: the 1-based frame whose data runs past the end of the file, or null. */
export type ImageFacts = { frames: { width: number; height: number }[]; truncated: number | null };

/** What is wrong with an image file: `page` is its 1-based page (frame) when one page is the culprit. */
export type ImageProblem = { problem: 'imageTooLarge' | 'truncated' | 'broken' | 'tooManyPages'; page?: number };

async function bytesAt(file: FileHandle, at: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, at);
  return buffer.subarray(0, bytesRead);
}

/** PNG: the IHDR chunk's size; a file that does not end with an IEND chunk is truncated. */
async function pngFacts(file: FileHandle, size: number): Promise<ImageFacts> {
  const head = await bytesAt(file, 0, 24);
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') throw new Error('no IHDR');
  const tail = await bytesAt(file, Math.max(0, size - 12), 12);
  return { frames: [{ width: head.readUInt32BE(16), height: head.readUInt32BE(20) }], truncated: tail.toString('latin1', 4, 8) !== 'IEND' ? 1 : null };
}

/** JPEG: the frame header's (SOFn) size, found by walking the segments; no end-of-image marker near the end is a truncated file. */
async function jpegFacts(file: FileHandle, size: number): Promise<ImageFacts> {
  let at = 2;
  let frame: { width: number; height: number } | null = null;
  for (let segments = 0; segments < 1_000 && at + 4 <= size && !frame; segments++) {
    const marker = await bytesAt(file, at, 10);
    if (marker[0] !== 0xff) throw new Error('not a JPEG segment');
    const type = marker[1];
    if (type === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = marker.readUInt16BE(2);
    if (type >= 0xc0 && type <= 0xcf && type !== 0xc4 && type !== 0xc8 && type !== 0xcc) frame = { height: marker.readUInt16BE(5), width: marker.readUInt16BE(7) };
    at += 2 + length;
  }
  if (!frame) throw new Error('no JPEG frame header');
  // Scanners may pad after the end marker; it must lie in the last 4 kB.
  const tail = await bytesAt(file, Math.max(0, size - 4096), 4096);
  let ends = false;
  for (let i = tail.length - 2; i >= 0 && !ends; i--) ends = tail[i] === 0xff && tail[i + 1] === 0xd9;
  return { frames: [frame], truncated: ends ? null : 1 };
}

const TIFF_TYPE_BYTES: Record<number, number> = { 3: 2, 4: 4, 16: 8 };

/** TIFF: every frame's (IFD's) size, and whether each frame's strips or tiles lie inside the file. */
async function tiffFacts(file: FileHandle, size: number): Promise<ImageFacts> {
  const head = await bytesAt(file, 0, 8);
  const le = head[0] === 0x49;
  const u16 = (b: Buffer, at: number) => (le ? b.readUInt16LE(at) : b.readUInt16BE(at));
  const u32 = (b: Buffer, at: number) => (le ? b.readUInt32LE(at) : b.readUInt32BE(at));
  const frames: { width: number; height: number }[] = [];
  let truncated: number | null = null;
  const seen = new Set<number>();
  let ifd = u32(head, 4);
  while (ifd !== 0) {
    if (seen.has(ifd) || ifd + 2 > size) throw new Error('a TIFF directory outside the file or in a loop');
    seen.add(ifd);
    // More frames than a batch may hold: stop counting (the caller refuses the file).
    if (frames.length > SCAN_MAX_PAGES) break;
    const count = u16(await bytesAt(file, ifd, 2), 0);
    const entries = await bytesAt(file, ifd + 2, count * 12 + 4);
    if (entries.length < count * 12 + 4) throw new Error('a TIFF directory cut short');
    const values = async (e: number): Promise<number[]> => {
      const type = u16(entries, e + 2);
      const n = u32(entries, e + 4);
      const bytes = TIFF_TYPE_BYTES[type];
      if (!bytes || n > 1_000_000) return [];
      const raw = n * bytes <= 4 ? entries.subarray(e + 8, e + 12) : await bytesAt(file, u32(entries, e + 8), n * bytes);
      const out: number[] = [];
      for (let i = 0; i < n && (i + 1) * bytes <= raw.length; i++) out.push(bytes === 2 ? u16(raw, i * 2) : bytes === 4 ? u32(raw, i * 4) : Number(le ? raw.readBigUInt64LE(i * 8) : raw.readBigUInt64BE(i * 8)));
      return out;
    };
    const tags = new Map<number, number>();
    for (let i = 0; i < count; i++) tags.set(u16(entries, i * 12), i * 12);
    const first = async (tag: number) => (tags.has(tag) ? (await values(tags.get(tag)!))[0] ?? 0 : 0);
    frames.push({ width: await first(256), height: await first(257) });
    // Strips (273/279) or tiles (324/325): the last byte any of them names must be in the file.
    for (const [offsetsTag, countsTag] of [
      [273, 279],
      [324, 325],
    ]) {
      if (!tags.has(offsetsTag) || !tags.has(countsTag)) continue;
      const [offsets, counts] = [await values(tags.get(offsetsTag)!), await values(tags.get(countsTag)!)];
      if (truncated === null && offsets.some((o, i) => o + (counts[i] ?? 0) > size)) truncated = frames.length;
    }
    ifd = u32(entries, count * 12);
  }
  return { frames, truncated };
}

/** The facts of the image file at `path` of kind `kind`; throws on a header it cannot make sense of. */
export async function imageFacts(path: string, kind: 'png' | 'jpeg' | 'tiff'): Promise<ImageFacts> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    return await (kind === 'png' ? pngFacts : kind === 'jpeg' ? jpegFacts : tiffFacts)(file, size);
  } finally {
    await file.close();
  }
}

/** The first thing wrong with an image file by its header (`null`: its pages may be decoded), and its page count. */
export async function imageProblem(path: string, kind: 'png' | 'jpeg' | 'tiff'): Promise<{ pages: number; problem: ImageProblem | null }> {
  let facts: ImageFacts;
  try {
    facts = await imageFacts(path, kind);
  } catch {
    return { pages: 0, problem: { problem: 'broken' } };
  }
  const pages = facts.frames.length;
  if (pages > SCAN_MAX_PAGES) return { pages, problem: { problem: 'tooManyPages' } };
  // A JPEG may be a phone photo of up to 48 MP (decoded shrunk on load, image-input.ts).
  const cap = kind === 'jpeg' ? SCAN_MAX_PHOTO_PIXELS : SCAN_MAX_PAGE_PIXELS;
  const flood = facts.frames.findIndex((f) => f.width * f.height > cap);
  if (flood >= 0) return { pages, problem: { problem: 'imageTooLarge', page: flood + 1 } };
  const empty = facts.frames.findIndex((f) => f.width === 0 || f.height === 0);
  if (empty >= 0) return { pages, problem: { problem: 'broken', page: empty + 1 } };
  if (facts.truncated !== null) return { pages, problem: { problem: 'truncated', page: facts.truncated } };
  return { pages, problem: null };
}
