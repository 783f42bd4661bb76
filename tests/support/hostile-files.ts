import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Small hostile and broken scan files, made in the test (never committed binaries): pixel floods
// declared in headers, huge PDF pages, thousands of pages, truncated and corrupt images
// (docs/scan-reading.md "Limits on input"; issue 23's security list).

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A grey PNG whose header says `side` × `side` pixels; its data is a few white rows (a pixel flood). */
export function floodPng(side = 16_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grey
  const rows = Buffer.alloc(64 * (side + 1), 0xff);
  for (let r = 0; r < 64; r++) rows[r * (side + 1)] = 0; // filter byte
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A small real grey page (PNG or JPEG), `width` × `height`. */
export function pagePixels(width = 600, height = 850): Buffer {
  const data = Buffer.alloc(width * height, 235);
  const [x0, y0, side] = [Math.floor(width / 6), Math.floor(height / 8), Math.max(2, Math.floor(width / 15))];
  for (let y = y0; y < y0 + side; y++) data.fill(30, y * width + x0, y * width + x0 + side);
  return data;
}

export const realPng = (width = 600, height = 850) => sharp(pagePixels(width, height), { raw: { width, height, channels: 1 } }).png().toBuffer();
export const realJpeg = (width = 600, height = 850) => sharp(pagePixels(width, height), { raw: { width, height, channels: 1 } }).jpeg({ quality: 80 }).toBuffer();

/** A real JPEG whose frame header (SOF) is rewritten to say `side` × `side` pixels. */
export async function floodJpeg(side = 16_000): Promise<Buffer> {
  const jpeg = Buffer.from(await realJpeg(64, 64));
  for (let at = 2; at < jpeg.length; ) {
    const type = jpeg[at + 1];
    if (type >= 0xc0 && type <= 0xc3) {
      jpeg.writeUInt16BE(side, at + 5);
      jpeg.writeUInt16BE(side, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no SOF');
}

/**
 * A little-endian baseline TIFF, one uncompressed grey strip a frame: `frames` gives each frame's
 * size and its pixels (a flood frame's strip is a few bytes, its header 16,000² — nothing decodes it).
 */
export function tiffOf(frames: { width: number; height: number; strip: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  let at = 8;
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0, 0, 0, 0]);
  parts.push(header);
  const strips = frames.map((f) => {
    const offset = at;
    parts.push(f.strip);
    at += f.strip.length + (f.strip.length % 2);
    if (f.strip.length % 2) parts.push(Buffer.alloc(1));
    return offset;
  });
  const ifdOffsets: number[] = [];
  const ifds = frames.map((f, i) => {
    const tags: [number, number, number][] = [
      [256, 4, f.width],
      [257, 4, f.height],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1],
      [273, 4, strips[i]],
      [277, 3, 1],
      [278, 4, f.height],
      [279, 4, f.strip.length],
    ];
    const ifd = Buffer.alloc(2 + tags.length * 12 + 4);
    ifd.writeUInt16LE(tags.length, 0);
    tags.forEach(([tag, type, value], t) => {
      ifd.writeUInt16LE(tag, 2 + t * 12);
      ifd.writeUInt16LE(type, 4 + t * 12);
      ifd.writeUInt32LE(1, 6 + t * 12);
      if (type === 3) ifd.writeUInt16LE(value, 10 + t * 12);
      else ifd.writeUInt32LE(value, 10 + t * 12);
    });
    ifdOffsets.push(at);
    at += ifd.length;
    return ifd;
  });
  header.writeUInt32LE(ifdOffsets[0], 4);
  ifds.forEach((ifd, i) => ifd.writeUInt32LE(ifdOffsets[i + 1] ?? 0, ifd.length - 4));
  return Buffer.concat([...parts, ...ifds]);
}

/** One real page (600 × 850) and `floods` frames of 16,000² declared pixels. */
export function floodTiff(floods = 5, side = 16_000): Buffer {
  const page = { width: 600, height: 850, strip: pagePixels() };
  return tiffOf([page, ...Array.from({ length: floods }, () => ({ width: side, height: side, strip: Buffer.alloc(64, 0xff) }))]);
}

/** A PDF from its objects (1-based, in order), with a correct cross-reference table. */
export function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let at = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from('\nendobj\n')]);
    parts.push(part);
    at += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A PDF of one empty page of `side` × `side` points (issue 23: 438 bytes made pdftoppm use 377 MB). */
export const hugePagePdf = (side = 5_000) => pdfOf(['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', `<</Type/Page/Parent 2 0 R/MediaBox[0 0 ${side} ${side}]>>`]);

/** A PDF of `pages` empty A4 pages (≈ 40 bytes a page). */
export function manyPagesPdf(pages = 5_000): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return pdfOf(['<</Type/Catalog/Pages 2 0 R>>', `<</Type/Pages/Kids[${kids}]/Count ${pages}/MediaBox[0 0 595 842]>>`, ...Array.from({ length: pages }, () => '<</Type/Page/Parent 2 0 R>>')]);
}

/** An A4 PDF page drawing one image that says it is `side` × `side` grey pixels (its stream a few kB of zeros). */
export function hugeImagePdf(side = 16_000): Buffer {
  const data = deflateSync(Buffer.alloc(side * 4, 0xff));
  const content = 'q 595 0 0 842 0 0 cm /Im0 Do Q';
  return pdfOf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</XObject<</Im0 4 0 R>>>>/Contents 5 0 R>>',
    Buffer.concat([Buffer.from(`<</Type/XObject/Subtype/Image/Width ${side}/Height ${side}/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/FlateDecode/Length ${data.length}>>\nstream\n`), data, Buffer.from('\nendstream')]),
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
  ]);
}

/** The first `share` of a file: an upload cut short. */
export const truncated = (file: Buffer, share = 0.6) => file.subarray(0, Math.floor(file.length * share));

/** A PNG whose compressed pixels are garbage (its chunks, their CRCs and its end intact): only decoding finds out. */
export function corruptPng(png: Buffer): Buffer {
  const out = Buffer.from(png);
  for (let at = 8; at < out.length; ) {
    const length = out.readUInt32BE(at);
    const type = out.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') {
      const data = out.subarray(at + 8, at + 8 + length);
      for (let i = 2; i < data.length; i += 7) data[i] ^= 0x5a;
      out.writeUInt32BE(crc32(out.subarray(at + 4, at + 8 + length)), at + 8 + length);
    }
    at += 12 + length;
  }
  return out;
}
