import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { CardGeometryV2 } from '../shared/geometry/card-geometry';
import { parsePageCode, type PageCode } from '../shared/geometry/page-code';
import { PAGE_CODE_RECT, PT_PER_MM } from '../shared/geometry/scan-layout';
import { bubbleInk, measured, pageBase, paperWhite, type Levels } from './bubble-fills';
import { readCodes } from './code-reader';
import type { GrayImage, PageReading, ReadPageInput } from './page-reading';
import { locatePage, type PageTransform } from './page-transform';
import { readDigits, readQuestion } from './question-status';
import { BLANK_INK_SHARE, RESIDUAL_FLAG_MM } from './reading-thresholds';
import { grow, warpRect } from './warp';
import { readScoreFields, scoreFieldInks } from './score-fields';

export type { GrayImage, PageReading, ReadPageInput } from './page-reading';

/**
 * One scanned page → what is on it (docs/scan-reading.md): registration marks → homography (and
 * which way up) → page code → the map it names → every bubble's fill against the page's own
 * unmarked bubbles → an answer and a status per question; on page 1 the header's digit grids and
 * barcode. Pure: pixels in, a PageReading out, nothing stored.
 */
export async function readPage(input: ReadPageInput): Promise<PageReading> {
  const { image } = input;
  const empty = { code: null, upsideDown: false, residualMm: null, questions: [], header: null };
  const placements = locatePage(image);
  if (placements.length === 0) return { ...empty, status: isBlank(image) ? 'blank' : 'unreadable', flags: [] };
  // Four marks give one placement; three give a few, and the page code says which is right.
  let t = placements[0];
  let text: string | null = null;
  for (const placement of placements) {
    text = await readPageCode(image, placement);
    if (text !== null) {
      t = placement;
      break;
    }
  }
  const located = { ...empty, upsideDown: t.upsideDown, residualMm: Math.round(t.residualMm * 100) / 100 };
  const flags = [...(t.residualMm > RESIDUAL_FLAG_MM ? ['marks-residual'] : []), ...(t.marks === 3 ? ['three-marks'] : [])];
  if (text === null) return { ...located, status: 'unidentified', flags: [...flags, 'no-page-code'] };
  const code = parsePageCode(text);
  if (!code) return { ...located, status: 'foreign', flags: [...flags, 'not-our-code'] };
  const map = await input.mapFor(code);
  if (!map || map.layout !== code.layout || code.page > map.pages) return { ...located, code, status: 'foreign', flags: [...flags, 'unknown-card'] };
  return { ...located, ...(await measurePage(image, t, map, code)), code, status: 'read', flags };
}

/**
 * The page code from its square (upright, at the scan's resolution); with four marks, the whole
 * page if the square gave nothing (with three, a wrong placement must not borrow the code).
 */
async function readPageCode(image: GrayImage, t: PageTransform): Promise<string | null> {
  const crop = warpRect(image, t.toImage, grow(PAGE_CODE_RECT, 3 * PT_PER_MM), Math.max(t.pxPerPt, 2.5));
  const text = await firstCode(crop, 'QRCode');
  return text ?? (t.marks === 4 ? firstCode(image, 'QRCode') : null);
}

async function firstCode(image: GrayImage, ...formats: ReadInputBarcodeFormat[]): Promise<string | null> {
  const [code] = await readCodes(image, formats);
  return code ? code.text : null;
}

async function measurePage(image: GrayImage, t: PageTransform, map: CardGeometryV2, code: PageCode): Promise<Pick<PageReading, 'questions' | 'header' | 'scores'>> {
  const levels: Levels = { white: paperWhite(image), black: t.black };
  const ink = (rect: CardGeometryV2['bubbles'][number]['rect']) => bubbleInk(image, t.toImage, rect, levels, t.pxPerPt);
  const bubbles = map.bubbles.filter((b) => b.page === code.page).map((b) => ({ ...b, ink: ink(b.rect) }));
  const header = code.page === 1 ? map.header : null;
  const digitGrids = header ? ([['grade', header.gradeBubbles], ['class', header.classBubbles], ['seat', header.seatBubbles]] as const) : [];
  const digits = digitGrids.map(([name, grid]) => ({ name, cells: grid.map((b) => ({ ...b, ink: ink(b.rect) })) }));
  const scoreInks = scoreFieldInks(map, code.page, ink);
  const base = pageBase([...bubbles.map((b) => b.ink), ...digits.flatMap((d) => d.cells.map((c) => c.ink)), ...scoreInks.flatMap((f) => f.inks.map((i) => i.ink))]);
  const scores = scoreInks.length > 0 ? { scores: readScoreFields(scoreInks, base) } : {};
  const questions = map.groups
    .filter((g) => g.page === code.page)
    .map((g) => ({ g, own: bubbles.filter((b) => b.q === g.q) }))
    .filter(({ own }) => own.length > 0)
    .sort((a, b) => a.g.q - b.g.q)
    .map(({ g, own }) => readQuestion(g.q, g.showno, g.kind ?? 'single', own.map((b) => ({ value: b.value, ...measured(b.ink, base) }))));
  if (!header) return { questions, header: null, ...scores };
  const number = (name: string) => {
    const grid = digits.find((d) => d.name === name);
    return grid && grid.cells.length ? readDigits(grid.cells.map((c) => ({ ...c, ...measured(c.ink, base) }))) : null;
  };
  // The print draws the student number as Code 128, or as a QR code when it is too long for bars.
  const barcode = header.barcode ? await firstCode(warpRect(image, t.toImage, grow(header.barcode, 2 * PT_PER_MM), Math.max(t.pxPerPt, 2.5)), 'Code128', 'QRCode') : null;
  return { questions, header: { barcode, grade: number('grade'), class: number('class'), seat: number('seat') }, ...scores };
}

/** No marks and almost no ink: a duplex back or an empty sheet. */
function isBlank(image: GrayImage): boolean {
  const limit = paperWhite(image) * 0.5;
  let dark = 0;
  let n = 0;
  for (let y = 0; y < image.height; y += 3) for (let x = 0; x < image.width; x += 3, n++) if (image.data[y * image.width + x] < limit) dark++;
  return dark / n < BLANK_INK_SHARE;
}
