// The type and pixel size of an uploaded image, read from its header bytes only (no decoding), so
// the server re-checks the 1200 × 1200 limit itself instead of trusting the browser (§5).

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

export const IMAGE_MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);

function png(buf: Buffer): ImageHeader | null {
  // Signature, then the IHDR chunk first: width and height big-endian at 16 and 20.
  if (buf.length < 24 || !startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function gif(buf: Buffer): ImageHeader | null {
  const magic = buf.toString('latin1', 0, 6);
  if (buf.length < 10 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return null;
  return { type: 'gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpeg(buf: Buffer): ImageHeader | null {
  if (!startsWith(buf, [0xff, 0xd8])) return null;
  let at = 2;
  while (at + 9 < buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { type: 'jpeg', height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
    at += 2 + buf.readUInt16BE(at + 2);
  }
  return null;
}

function webp(buf: Buffer): ImageHeader | null {
  if (buf.length < 30 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { type: 'webp', width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return { type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { type: 'webp', width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  return null;
}

/** The image's header, or null for anything that is not a png, jpeg, gif or webp. */
export function readImageHeader(buf: Buffer): ImageHeader | null {
  return png(buf) ?? gif(buf) ?? jpeg(buf) ?? webp(buf);
}
