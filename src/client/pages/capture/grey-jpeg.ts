import type { Gray } from './flatten';

/**
 * A grey page as a baseline JPEG of ONE channel (JFIF, ITU T.81 with the standard luminance
 * tables of its Annex K; docs/scan-batches.md "Capture with a phone"). A canvas can only encode
 * three channels, which the server then decodes as a colour page and analyses for colour (sharp
 * gives a three-channel JPEG three channels): a one-channel file is decoded straight to grey,
 * about a third of the decoding CPU, and needs no RGBA copy and no canvas on the phone.
 * The 8 × 8 forward DCT is Arai–Agui–Nakajima's (as in the IJG's jfdctflt.c).
 */

// Natural order → zig-zag position.
const ZIGZAG = [0, 1, 5, 6, 14, 15, 27, 28, 2, 4, 7, 13, 16, 26, 29, 42, 3, 8, 12, 17, 25, 30, 41, 43, 9, 11, 18, 24, 31, 40, 44, 53, 10, 19, 23, 32, 39, 45, 52, 54, 20, 22, 33, 38, 46, 51, 55, 60, 21, 34, 37, 47, 50, 56, 59, 61, 35, 36, 48, 49, 57, 58, 62, 63];
const LUMA_QUANT = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99];
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
  0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
  0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
  0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
  0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
  0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];
const AAN = [1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.5411961, 0.275899379];

/** Canonical Huffman codes of a table: code and length by symbol. */
function huffman(counts: readonly number[], values: readonly number[]): { code: Uint16Array; size: Uint8Array } {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let at = 0;
  for (let length = 1; length <= 16; length++) {
    for (let n = 0; n < counts[length - 1]; n++) {
      code[values[at]] = next++;
      size[values[at++]] = length;
    }
    next <<= 1;
  }
  return { code, size };
}
const DC = huffman(DC_COUNTS, DC_VALUES);
const AC = huffman(AC_COUNTS, AC_VALUES);

/** The quantiser at `quality` (1–100, the IJG's scaling), in zig-zag order for the file, and the DCT's divisors in natural order. */
function quantiser(quality: number): { table: Uint8Array; divisors: Float64Array } {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  const table = new Uint8Array(64);
  for (let i = 0; i < 64; i++) table[ZIGZAG[i]] = Math.min(255, Math.max(1, Math.floor((LUMA_QUANT[i] * scale + 50) / 100)));
  const divisors = new Float64Array(64);
  for (let row = 0, k = 0; row < 8; row++) for (let col = 0; col < 8; col++, k++) divisors[k] = 1 / (table[ZIGZAG[k]] * AAN[row] * AAN[col] * 8);
  return { table, divisors };
}

/** The AAN forward DCT of one block in place: 8 values `step` apart from `at`. */
function dct8(d: Float64Array, at: number, step: number): void {
  const [i0, i1, i2, i3, i4, i5, i6, i7] = [at, at + step, at + 2 * step, at + 3 * step, at + 4 * step, at + 5 * step, at + 6 * step, at + 7 * step];
  const t0 = d[i0] + d[i7], t7 = d[i0] - d[i7], t1 = d[i1] + d[i6], t6 = d[i1] - d[i6];
  const t2 = d[i2] + d[i5], t5 = d[i2] - d[i5], t3 = d[i3] + d[i4], t4 = d[i3] - d[i4];
  const t10 = t0 + t3, t13 = t0 - t3, t11 = t1 + t2, t12 = t1 - t2;
  d[i0] = t10 + t11;
  d[i4] = t10 - t11;
  const z1 = (t12 + t13) * 0.707106781;
  d[i2] = t13 + z1;
  d[i6] = t13 - z1;
  const o10 = t4 + t5, o11 = t5 + t6, o12 = t6 + t7;
  const z5 = (o10 - o12) * 0.382683433;
  const z2 = 0.5411961 * o10 + z5;
  const z4 = 1.306562965 * o12 + z5;
  const z3 = o11 * 0.707106781;
  const z11 = t7 + z3, z13 = t7 - z3;
  d[i5] = z13 + z2;
  d[i3] = z13 - z2;
  d[i1] = z11 + z4;
  d[i7] = z11 - z4;
}

/** Entropy-coded bits, 0xFF bytes stuffed. */
class BitWriter {
  bytes: Uint8Array;
  length = 0;
  private bits = 0;
  private count = 0;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }
  byte(b: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
  }
  raw(values: readonly number[]): void {
    for (const v of values) this.byte(v);
  }
  put(code: number, size: number): void {
    this.bits = (this.bits << size) | (code & ((1 << size) - 1));
    this.count += size;
    while (this.count >= 8) {
      const b = (this.bits >> (this.count - 8)) & 0xff;
      this.byte(b);
      if (b === 0xff) this.byte(0);
      this.count -= 8;
    }
    this.bits &= (1 << this.count) - 1;
  }
  /** The last byte filled with ones (T.81 F.1.2.3). */
  flush(): void {
    if (this.count > 0) this.put((1 << (8 - this.count)) - 1, 8 - this.count);
  }
}

/** The magnitude category of a coefficient (T.81 F.1.2.1): how many bits its value takes. */
function categoryOf(value: number): number {
  const magnitude = Math.abs(value);
  let category = 0;
  while (magnitude >> category) category++;
  return category;
}

function header(out: BitWriter, width: number, height: number, table: Uint8Array): void {
  out.raw([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  out.raw([0xff, 0xdb, 0, 67, 0]);
  out.raw(Array.from(table));
  out.raw([0xff, 0xc0, 0, 11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
  out.raw([0xff, 0xc4, 0, 2 + 17 + DC_VALUES.length + 17 + AC_VALUES.length, 0x00, ...DC_COUNTS, ...DC_VALUES, 0x10, ...AC_COUNTS, ...AC_VALUES]);
  out.raw([0xff, 0xda, 0, 8, 1, 1, 0x00, 0, 63, 0]);
}

/** The grey image as a one-channel baseline JPEG at `quality` (the canvas's 0.85 is 85). */
export function greyJpeg(image: Gray, quality = 85): Uint8Array {
  const { width, height, data } = image;
  const { table, divisors } = quantiser(quality);
  const out = new BitWriter(Math.max(4096, (width * height) >> 3));
  header(out, width, height, table);
  const block = new Float64Array(64);
  const zig = new Int32Array(64);
  let previousDc = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      // The block's pixels, edges repeated past the image, centred on 0.
      for (let y = 0; y < 8; y++) {
        const row = Math.min(by + y, height - 1) * width;
        for (let x = 0; x < 8; x++) block[y * 8 + x] = data[row + Math.min(bx + x, width - 1)] - 128;
      }
      for (let r = 0; r < 8; r++) dct8(block, r * 8, 1);
      for (let c = 0; c < 8; c++) dct8(block, c, 8);
      for (let i = 0; i < 64; i++) {
        const v = block[i] * divisors[i];
        zig[ZIGZAG[i]] = v > 0 ? Math.floor(v + 0.5) : -Math.floor(-v + 0.5);
      }
      const diff = zig[0] - previousDc;
      previousDc = zig[0];
      const dcCategory = categoryOf(diff);
      out.put(DC.code[dcCategory], DC.size[dcCategory]);
      if (dcCategory > 0) out.put(diff < 0 ? diff - 1 : diff, dcCategory);
      let last = 63;
      while (last > 0 && zig[last] === 0) last--;
      let zeros = 0;
      for (let i = 1; i <= last; i++) {
        const v = zig[i];
        if (v === 0) {
          zeros++;
          continue;
        }
        for (; zeros >= 16; zeros -= 16) out.put(AC.code[0xf0], AC.size[0xf0]);
        const category = categoryOf(v);
        const symbol = (zeros << 4) | category;
        out.put(AC.code[symbol], AC.size[symbol]);
        out.put(v < 0 ? v - 1 : v, category);
        zeros = 0;
      }
      if (last < 63) out.put(AC.code[0x00], AC.size[0x00]);
    }
  }
  out.flush();
  out.raw([0xff, 0xd9]);
  return out.bytes.subarray(0, out.length);
}
