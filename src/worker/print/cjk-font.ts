import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { charstringFromPath } from './cff-charstrings';

/**
 * The one font a class print writes with: Noto Sans CJK TC, which also holds Latin letters and
 * digits, so names, numbers and seats share a single embedded subset per file.
 *
 * Why upstream fontkit 2 and an adapter: Debian ships Noto CJK only as a .ttc collection, which
 * pdf-lib cannot take directly, and @pdf-lib/fontkit 1.1.1 writes a CFF subset that poppler
 * rejects (pdf-lib #1232: names then print only through fallback fonts, blank on a printer
 * without them). fontkit 2 picks the face out of the collection by name and writes a valid
 * CID-keyed subset; pdf-lib only needs its subset as a stream, which fontkit 2 no longer offers.
 */
export const CJK_FONT_PATH = process.env.CJK_FONT_PATH ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const CJK_FACE = 'NotoSansCJKtc-Regular';

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
type PdfLibFont = ReturnType<PdfLibFontkit['create']>;
type PdfLibSubset = ReturnType<PdfLibFont['createSubset']>;
type SubsetStream = ReturnType<PdfLibSubset['encodeStream']>;

let face: fontkit.Font | undefined;

/** Parsing the collection costs ~20 ms and its tables are read lazily: do it once per process. */
export function loadCjkFace(): fontkit.Font {
  if (face) return face;
  const opened = fontkit.openSync(CJK_FONT_PATH, CJK_FACE);
  if (!('unitsPerEm' in opened) || opened.postscriptName !== CJK_FACE) {
    throw new Error(`${CJK_FONT_PATH} has no face ${CJK_FACE}: install fonts-noto-cjk`);
  }
  face = opened;
  return face;
}

/** fontkit 2 encodes a subset in one call; pdf-lib 1.17 listens for stream events. */
function streamOf(encode: () => Uint8Array): SubsetStream {
  const stream: SubsetStream = {
    on(event, callback) {
      if (event === 'data') queueMicrotask(() => callback(encode()));
      if (event === 'end') queueMicrotask(() => queueMicrotask(() => callback(new Uint8Array())));
      return stream;
    },
  };
  return stream;
}

/**
 * Glyphs by plain cmap lookup instead of OpenType shaping. A name, number or class is a run of
 * ideographs, kana, Latin letters and digits that shaping leaves as it is, but fontkit's layout
 * walks the GSUB chains of a 65,000-glyph face, ~1 ms a string, the largest cost of a student.
 * NFC first, so a name typed with combining accents still maps to the precomposed glyph.
 */
function glyphRun(font: fontkit.Font, text: string): { glyphs: fontkit.Glyph[] } {
  const glyphs: fontkit.Glyph[] = [];
  for (const char of text.normalize('NFC')) glyphs.push(font.glyphForCodePoint(char.codePointAt(0) ?? 0));
  return { glyphs };
}

/** fontkit's CFF subset, with the internals its typings leave out. */
type FontkitSubset = fontkit.Subset & {
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  subsetCharstrings(): void;
  subsetSubrs(subrs: unknown, used: unknown): Uint8Array[];
};

/** The subset's glyphs as full outlines with no subroutines (see cff-charstrings.ts). */
function withoutSubroutines(font: fontkit.Font, subset: FontkitSubset): FontkitSubset {
  subset.subsetCharstrings = () => {
    subset.charstrings = subset.glyphs.map((id) => charstringFromPath(font.getGlyph(id).path.commands));
    subset.gsubrs = [];
  };
  subset.subsetSubrs = () => [];
  return subset;
}

/**
 * Writing a subset still takes fontkit tens of milliseconds. Every class file of a
 * job primed with the job's text (composeClassPdf's `jobText`) holds the same glyphs in the same
 * order, so the last subset is kept and encoded once per job instead of once per class.
 */
let lastEncoded: { key: string; bytes: Uint8Array; deflated: Uint8Array } | undefined;
function encodeOnce(subset: FontkitSubset): Uint8Array {
  const key = subset.glyphs.join(',');
  if (lastEncoded?.key !== key) {
    const bytes = subset.encode();
    lastEncoded = { key, bytes, deflated: deflateSync(bytes) };
  }
  return lastEncoded.bytes;
}

/**
 * pdf-lib deflates the font program of every file with pako (~40 ms for a job's subset); when it
 * is the subset kept above, the copy native zlib deflated once is used instead.
 */
function reuseDeflatedFont(doc: PDFDocument): void {
  const { context } = doc;
  const deflate = context.flateStream.bind(context);
  // pdf-lib hands over a merged copy of the subset's bytes, so compare contents, not identity.
  context.flateStream = (contents, dict = {}) =>
    lastEncoded && contents instanceof Uint8Array && Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).equals(lastEncoded.bytes)
      ? context.stream(lastEncoded.deflated, { ...dict, Filter: 'FlateDecode' })
      : deflate(contents, dict);
}

/**
 * What pdf-lib's registerFontkit expects, answering every `create` with the face loaded once.
 * The casts are the adapter's point: the two fontkits' font objects agree on everything pdf-lib
 * reads (metrics, glyphs, subsets' glyph ids) except how a subset is handed over.
 */
export const cjkFontkit: PdfLibFontkit = {
  create() {
    const font = loadCjkFace();
    const createSubset = (): PdfLibSubset => {
      const subset = withoutSubroutines(font, font.createSubset() as FontkitSubset);
      const encodeStream = () => streamOf(() => encodeOnce(subset));
      return Object.assign(subset, { encodeStream }) as unknown as PdfLibSubset;
    };
    const layout = (text: string) => glyphRun(font, text);
    // A fresh object per document whose prototype is the parsed face: the glyph caches stay
    // shared, subset and layout are the adapter's.
    return Object.assign(Object.create(font), { createSubset, layout }) as PdfLibFont;
  },
};

/**
 * Embeds the face as a subset holding only the glyphs this document draws; once per file.
 * The name gets the six-letter tag (ABCDEF+Name) by which PDF marks a subset font, so readers
 * and preflight tools never take it for the whole face.
 */
export async function embedCjkFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(cjkFontkit);
  reuseDeflatedFont(doc);
  // pdf-lib wants bytes to hand to `create`; the adapter ignores them, the face is already parsed.
  return doc.embedFont(PLACEHOLDER_BYTES, { subset: true, customName: `${subsetTag()}+${CJK_FACE}` });
}
const PLACEHOLDER_BYTES = new Uint8Array(4);

function subsetTag(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
}
