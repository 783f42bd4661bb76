import { deflateSync } from 'node:zlib';
import type * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';
import { charstringFromPath } from './cff-charstrings';

/**
 * The font subset a class file embeds, as pdf-lib 1.17 asks for it from fontkit 2: written
 * without subroutines, handed over as the stream events pdf-lib listens for, and kept across the
 * class files of one job. The shapes of pdf-lib's fontkit interface are taken from its own
 * registerFontkit signature, since pdf-lib does not export them.
 */
export type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0];
export type PdfLibFont = ReturnType<PdfLibFontkit['create']>;
export type PdfLibSubset = ReturnType<PdfLibFont['createSubset']>;
type SubsetStream = ReturnType<PdfLibSubset['encodeStream']>;

/** fontkit 2 encodes a subset in one call; pdf-lib 1.17 listens for stream events. */
function streamOf(encode: () => Uint8Array): SubsetStream {
  const stream: SubsetStream = {
    on(event, callback) {
      if (event === 'data') queueMicrotask(() => void callback(encode()));
      if (event === 'end') queueMicrotask(() => queueMicrotask(() => void callback(new Uint8Array())));
      return stream;
    },
  };
  return stream;
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
export function reuseDeflatedFont(doc: PDFDocument): void {
  const { context } = doc;
  const deflate = context.flateStream.bind(context);
  // pdf-lib hands over a merged copy of the subset's bytes, so compare contents, not identity.
  context.flateStream = (contents, dict = {}) =>
    lastEncoded && contents instanceof Uint8Array && Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength).equals(lastEncoded.bytes)
      ? context.stream(lastEncoded.deflated, { ...dict, Filter: 'FlateDecode' })
      : deflate(contents, dict);
}

/** fontkit's subset of `font`, adapted to what pdf-lib calls on it. */
export function pdfLibSubset(font: fontkit.Font): PdfLibSubset {
  const subset = withoutSubroutines(font, font.createSubset() as FontkitSubset);
  const encodeStream = () => streamOf(() => encodeOnce(subset));
  // The cast is the adapter's point: both subsets take glyphs the same way and return the same
  // ids; only the hand-over of the bytes differs, and encodeStream supplies it.
  return Object.assign(subset, { encodeStream }) as unknown as PdfLibSubset;
}
