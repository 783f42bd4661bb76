import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { pdfLibSubset, reuseDeflatedFont, type PdfLibFont, type PdfLibFontkit } from './cjk-subset';

/**
 * The one font a class print writes with: Noto Sans CJK TC, which also holds Latin letters and
 * digits, so names, numbers and seats share a single embedded subset per file.
 *
 * Why upstream fontkit 2 and an adapter: Debian ships Noto CJK only as a .ttc collection, which
 * pdf-lib cannot take directly, and @pdf-lib/fontkit 1.1.1 writes a CFF subset that poppler
 * rejects (pdf-lib #1232: names then print only through fallback fonts, blank on a printer
 * without them). fontkit 2 picks the face out of the collection by name and writes a valid
 * CID-keyed subset (cjk-subset.ts hands it to pdf-lib).
 */
export const CJK_FONT_PATH = process.env.CJK_FONT_PATH ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const CJK_FACE = 'NotoSansCJKtc-Regular';

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

/**
 * What pdf-lib's registerFontkit expects, answering every `create` with the face loaded once.
 * The casts are the adapter's point: the two fontkits' font objects agree on everything pdf-lib
 * reads (metrics, glyphs, subsets' glyph ids) except how a subset is handed over.
 */
export const cjkFontkit: PdfLibFontkit = {
  create() {
    const font = loadCjkFace();
    const createSubset = () => pdfLibSubset(font);
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
