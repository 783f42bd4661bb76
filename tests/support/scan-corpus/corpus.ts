import type { GrayImage } from '../../../src/scan/page-reading';
import { renderPdfPage } from '../../../src/scan/pdf-pages';
import type { CardGeometryV2 } from '../../../src/shared/geometry/card-geometry';
import { formatPageCode, type PageCode } from '../../../src/shared/geometry/page-code';
import { CLEAN, degrade, type Degradation } from './degrade';
export type { Habit } from './student-marks';
import { accident, colourPrintPage, scannerMode, type Accident, type ScannerMode } from './habits';
import { drawPencil, rngFrom, type Rng } from './pencil';
import { RasterCanvas } from './raster-canvas';
import type { RealPrint } from './real-print';
import { renderSheet } from './render-sheet';
import { drawTeacherMark, planScores, TEACHER_RATES, type ExpectedScore, type ScoreRates } from './teacher-marks';
import { planStudent, STUDENT_RATES, type ExpectedQuestion, type Habit, type MarkRates, type PencilMark } from './student-marks';

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
  /** The print's student the corpus starts at (its first `firstStudent` sheets skipped); 0 by default. */
  firstStudent?: number;
  dpi: number;
  profile: ScanProfile;
  seed: number;
  /** Blank copies are identified by their digit grids, class prints by the student in the code. */
  blankCopies?: boolean;
  /** Fraction of sheets followed by their blank duplex back. */
  blankBacks?: number;
  rates?: Partial<MarkRates>;
  /** Each student's habit drawn with these weights (habits.ts); without it everyone fills. */
  habits?: Partial<Record<Habit, number>>;
  /** Shares of pages scanned in colour, black-and-white (1 bit), or at 300 dpi instead of `dpi` (the rest: grey at `dpi`). */
  modes?: { color?: number; bw?: number; dpi300?: number };
  /** Shares of pages with a folded corner (over a registration mark wholly when `overMark`, else often) or a staple beside the top-left mark. */
  accidents?: { folded?: number; staple?: number; overMark?: boolean };
  /** A grading teacher fills the card's score fields (閱卷給分格, teacher-marks.ts) at these rates; without it they stay empty. */
  scoreFields?: Partial<ScoreRates>;
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
  habit: Habit;
  /** How the scanner took the page; `dpi` its resolution. A colour page also carries `rgb` (3 bytes a pixel; `image` is its grey). */
  mode: ScannerMode;
  dpi: number;
  rgb?: Uint8Array;
  accident: Accident | null;
  /** The score fields' truth per question (empty without `scoreFields`). */
  scores: ExpectedScore[];
};

export async function* scanCorpus(o: CorpusOptions): AsyncGenerator<CorpusPage> {
  const rng = rngFrom(o.seed);
  const rates = { ...STUDENT_RATES, ...o.rates };
  // Habits, modes and accidents draw from their own stream, so corpora without them stay as they were.
  const extra = rngFrom(o.seed * 7919 + 17);
  const teacher = rngFrom(o.seed * 104_729 + 5);
  const first = o.firstStudent ?? 0;
  for (let s = 0; s < o.students; s++) {
    const printed = o.print?.students[first + s];
    const digits = printed ? { grade: printed.grade ?? 0, class: printed.class ?? 0, seat: printed.seat ?? 0 } : { grade: 1 + (s % 3), class: 1 + ((s * 7) % 12), seat: 1 + s };
    const habit = o.habits ? drawHabit(extra, o.habits) : 'fill';
    const sheet = planStudent(o.map, rng, rates, digits, habit);
    const graded = o.scoreFields ? planScores(o.map, teacher, { ...TEACHER_RATES, ...o.scoreFields }) : null;
    const barcode = o.print ? (o.blankCopies ? null : printed!.number) : `S${String(110000 + s)}`;
    for (let page = 1; page <= o.map.pages; page++) {
      const code: PageCode = { document: o.document, layout: o.map.layout, page, ...(o.blankCopies ? { copy: s + 1 } : { student: printed?.id ?? 5000 + s }) };
      const mode = o.modes ? scannerMode(extra, o.modes) : { mode: 'gray' as const, dpi300: false };
      const dpi = mode.dpi300 ? 300 : o.dpi;
      const colour = mode.mode === 'color';
      const pdfPage = o.print ? { pdf: o.blankCopies ? o.print.blankPdf : o.print.classPdf, page: (first + s) * o.map.pages + page } : null;
      const canvas = pdfPage
        ? colour
          ? await colourPrintPage(pdfPage.pdf, pdfPage.page, dpi)
          : RasterCanvas.over(await renderPdfPage(pdfPage.pdf, pdfPage.page, dpi), dpi)
        : renderSheet(o.map, { page, code: formatPageCode(code), barcode: page === 1 ? (barcode ?? undefined) : undefined }, dpi, colour);
      for (const mark of sheet.marks.get(page) ?? []) drawPencil(canvas, mark.rect, mark.kind, rng);
      for (const mark of graded?.marks.get(page) ?? []) drawTeacherMark(canvas, mark, teacher);
      const happened = o.accidents ? accident(canvas, o.map, extra, o.accidents) : null;
      const d = o.profile.degradation(rng);
      const scanned = scan(canvas, dpi, d, rng, mode.mode);
      const expected = (sheet.expected.get(page) ?? []).map((e) => (mode.mode === 'bw' && e.light ? { ...e, bwLost: true } : e));
      yield { ...scanned, jpegQuality: mode.mode === 'bw' ? null : o.profile.jpegQuality, code, upsideDown: d.upsideDown, expected, digits: page === 1 ? digits : null, barcode: page === 1 ? barcode : null, marks: sheet.marks.get(page) ?? [], habit, mode: mode.mode, dpi, accident: happened, scores: graded?.expected.get(page) ?? [] };
      if (rng() < (o.blankBacks ?? 0)) {
        const back = degrade({ width: canvas.image.width, height: canvas.image.height, data: new Uint8Array(canvas.image.data.length).fill(250) }, dpi, { ...d, upsideDown: false }, rng);
        yield { image: back, jpegQuality: o.profile.jpegQuality, code: null, upsideDown: false, expected: [], digits: null, barcode: null, marks: [], habit, mode: 'gray', dpi, accident: null, scores: [] };
      }
    }
  }
}

function drawHabit(rng: Rng, weights: Partial<Record<Habit, number>>): Habit {
  const entries = Object.entries(weights) as [Habit, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [habit, w] of entries) if ((r -= w) < 0) return habit;
  return 'fill';
}

/** The scanner's pass over the painted page: degraded (each colour channel alike), then thresholded at 128 on a black-and-white scan. */
function scan(canvas: RasterCanvas, dpi: number, d: Degradation, rng: Rng, mode: ScannerMode): { image: GrayImage; rgb?: Uint8Array } {
  if (mode === 'color' && canvas.rgb) {
    const { width, height } = canvas.image;
    const channels = [0, 1, 2].map((c) => {
      const data = new Uint8Array(width * height);
      for (let i = 0; i < data.length; i++) data[i] = canvas.rgb![3 * i + c];
      return degrade({ width, height, data }, dpi, d, rng);
    });
    const out = channels[0];
    const rgb = new Uint8Array(out.data.length * 3);
    const grey = new Uint8Array(out.data.length);
    for (let i = 0; i < grey.length; i++) {
      const [r, g, b] = [channels[0].data[i], channels[1].data[i], channels[2].data[i]];
      rgb[3 * i] = r;
      rgb[3 * i + 1] = g;
      rgb[3 * i + 2] = b;
      grey[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
    return { image: { width: out.width, height: out.height, data: grey }, rgb };
  }
  const image = degrade(canvas.image, dpi, d, rng);
  if (mode === 'bw') for (let i = 0; i < image.data.length; i++) image.data[i] = image.data[i] < 128 ? 0 : 255;
  return { image };
}
