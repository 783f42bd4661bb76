import type { GrayImage } from '../../../src/scan/page-reading';
import { renderPdfPage } from '../../../src/scan/pdf-pages';
import type { CardGeometryV2 } from '../../../src/shared/geometry/card-geometry';
import { formatPageCode, type PageCode } from '../../../src/shared/geometry/page-code';
import { CLEAN, degrade, type Degradation } from './degrade';
import { drawPencil, rngFrom, type Rng } from './pencil';
import { RasterCanvas } from './raster-canvas';
import type { RealPrint } from './real-print';
import { renderSheet } from './render-sheet';
import { planStudent, STUDENT_RATES, type ExpectedQuestion, type MarkRates, type PencilMark } from './student-marks';

/**
 * A scanned stack: every page of a class print (or of blank copies, identified by the digit
 * grids) filled by its student, degraded as `profile` says, some pages upside down, and blank
 * duplex backs mixed in. The pages are those of a real print (`print`: rasterised with pdftoppm)
 * or, without one, painted from `map` (render-sheet.ts). Pages come one at a time (an async
 * generator) so a big corpus never sits in memory. Reproducible from `seed`.
 */
export type ScanProfile = { name: string; degradation: (rng: Rng) => Degradation; jpegQuality: number | null };

const spread = (rng: Rng, max: number) => (rng() * 2 - 1) * max;
const upsideDown = (rng: Rng) => rng() < 0.05;

export const PROFILES = {
  clean: { name: 'clean', jpegQuality: null, degradation: (rng: Rng) => ({ ...CLEAN, upsideDown: upsideDown(rng) }) },
  office: {
    name: 'office', jpegQuality: 80,
    degradation: (rng: Rng) => ({ marginMm: 2, rotationDeg: spread(rng, 1.5), scale: 1 + spread(rng, 0.02), offsetMm: { x: spread(rng, 2), y: spread(rng, 2) }, upsideDown: upsideDown(rng), blur: true, noise: 8 }),
  },
  harsh: {
    name: 'harsh', jpegQuality: 55,
    degradation: (rng: Rng) => ({ marginMm: 4, rotationDeg: spread(rng, 3), scale: 1 + spread(rng, 0.04), offsetMm: { x: spread(rng, 2), y: spread(rng, 2) }, upsideDown: upsideDown(rng), blur: true, noise: 16 }),
  },
} satisfies Record<string, ScanProfile>;

export type CorpusOptions = {
  map: CardGeometryV2;
  print?: RealPrint;
  document: number;
  students: number;
  dpi: number;
  profile: ScanProfile;
  seed: number;
  /** Blank copies are identified by their digit grids, class prints by the student in the code. */
  blankCopies?: boolean;
  /** Fraction of sheets followed by their blank duplex back. */
  blankBacks?: number;
  rates?: Partial<MarkRates>;
};

export type CorpusPage = {
  image: GrayImage;
  jpegQuality: number | null;
  /** null for a blank back. */
  code: PageCode | null;
  upsideDown: boolean;
  expected: ExpectedQuestion[];
  digits: { grade: number; class: number; seat: number } | null;
  barcode: string | null;
  /** What the pencil did on this page, for looking at fills by kind. */
  marks: PencilMark[];
};

export async function* scanCorpus(o: CorpusOptions): AsyncGenerator<CorpusPage> {
  const rng = rngFrom(o.seed);
  const rates = { ...STUDENT_RATES, ...o.rates };
  for (let s = 0; s < o.students; s++) {
    const printed = o.print?.students[s];
    const digits = printed ? { grade: printed.grade ?? 0, class: printed.class ?? 0, seat: printed.seat ?? 0 } : { grade: 1 + (s % 3), class: 1 + ((s * 7) % 12), seat: 1 + s };
    const sheet = planStudent(o.map, rng, rates, digits);
    const barcode = o.print ? (o.blankCopies ? null : printed!.number) : `S${String(110000 + s)}`;
    for (let page = 1; page <= o.map.pages; page++) {
      const code: PageCode = { document: o.document, layout: o.map.layout, page, ...(o.blankCopies ? { copy: s + 1 } : { student: printed?.id ?? 5000 + s }) };
      const canvas = o.print
        ? RasterCanvas.over(await renderPdfPage(o.blankCopies ? o.print.blankPdf : o.print.classPdf, s * o.map.pages + page, o.dpi), o.dpi)
        : renderSheet(o.map, { page, code: formatPageCode(code), barcode: page === 1 ? (barcode ?? undefined) : undefined }, o.dpi);
      for (const mark of sheet.marks.get(page) ?? []) drawPencil(canvas, mark.rect, mark.kind, rng);
      const d = o.profile.degradation(rng);
      const image = degrade(canvas.image, o.dpi, d, rng);
      yield { image, jpegQuality: o.profile.jpegQuality, code, upsideDown: d.upsideDown, expected: sheet.expected.get(page) ?? [], digits: page === 1 ? digits : null, barcode: page === 1 ? barcode : null, marks: sheet.marks.get(page) ?? [] };
      if (rng() < (o.blankBacks ?? 0)) {
        const back = degrade({ width: canvas.image.width, height: canvas.image.height, data: new Uint8Array(canvas.image.data.length).fill(250) }, o.dpi, { ...d, upsideDown: false }, rng);
        yield { image: back, jpegQuality: o.profile.jpegQuality, code: null, upsideDown: false, expected: [], digits: null, barcode: null, marks: [] };
      }
    }
  }
}
