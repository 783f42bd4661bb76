import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { CardGeometryV2 } from '../shared/geometry/card-geometry';
import { parsePageCode, type PageCode } from '../shared/geometry/page-code';
import { PAGE_CODE_RECT, PT_PER_MM } from '../shared/geometry/scan-layout';
import type { Rect } from '../shared/geometry/card-geometry';
import { bubbleInk, bubbleTemplates, cornerInk, measured, pageBase, paperLevel, paperWhite, strokeOf, type BubbleInk, type Levels, type PageBase } from './bubble-fills';
import { readCodes } from './code-reader';
import type { GrayImage, PageReading, ReadPageInput } from './page-reading';
import { locatePage, type PageTransform } from './page-transform';
import { readDigits, readQuestion, sheetStyleOf, type MeasuredBubble } from './question-status';
import { ARM, BLANK_INK_SHARE, HABIT_CLEAN, SCANNER, VERIFY, MARKED, RESIDUAL_FLAG_MM, TEMPLATE_REACH_PT, UNMARKED } from './reading-thresholds';
import { dpiOf, modeOf } from './scanner-mode';
import { verifyTransform } from './verify-transform';
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
  const reading = await readLocated(input);
  // How the scanner took the page, on every reading: a black-and-white or low-resolution scan may have lost light marks.
  // Not located: the resolution an A4 sheet across the image's width would have.
  const scanner = reading.scanner ?? { mode: modeOf(input.image), dpi: Math.round(input.image.width / (210 / 25.4)) };
  const flags = [...(scanner.mode === 'bw' ? ['bilevel'] : []), ...(scanner.dpi !== null && scanner.dpi < SCANNER.lowDpi ? ['low-dpi'] : []), ...reading.flags];
  return { ...reading, scanner, flags, image: { width: input.image.width, height: input.image.height } };
}

async function readLocated(input: ReadPageInput): Promise<PageReading> {
  const { image } = input;
  const empty = { code: null, upsideDown: false, residualMm: null, questions: [], header: null };
  const placements = locatePage(image);
  // No marks: a duplex back, or a page of some other document (text, no marks) — set aside with its reason, never blank.
  if (placements.length === 0) return isBlank(image) ? { ...empty, status: 'blank', flags: [] } : { ...empty, status: 'unreadable', reason: 'other-document', flags: ['other-document'] };
  // Four marks give one placement; three give a few, and the page code says which is right.
  let t = placements[0];
  let text: string | null = null;
  let codeOffsetMm: number | null = null;
  for (const placement of placements) {
    const found = await readPageCode(image, placement);
    if (found) {
      t = placement;
      ({ text, offsetMm: codeOffsetMm } = found);
      break;
    }
  }
  const scanner = { mode: modeOf(image), dpi: dpiOf(t.toImage) };
  // The homography kept with the reading (crops and slips place the map by it; page-placement.ts).
  const toImage = t.toImage.map((v) => Number(v.toPrecision(10)));
  const located = { ...empty, upsideDown: t.upsideDown, residualMm: Math.round(t.residualMm * 100) / 100, scanner, toImage };
  const flags = [...(t.residualMm > RESIDUAL_FLAG_MM ? ['marks-residual'] : []), ...(t.marks === 3 ? ['three-marks'] : [])];
  if (text === null) {
    const assumed = input.assume ? await input.mapFor(input.assume) : null;
    if (!assumed || !input.assume) return { ...located, status: 'unidentified', reason: 'no-page-code', flags: [...flags, 'no-page-code'] };
    // Measured as that page only where its bubbles' outlines are where the map says: an assumed
    // page whose transform does not verify keeps no answers to hand to the student it is given to.
    if (!verifyTransform(image, t, assumed, input.assume.page, paperWhite(image), scanner.mode === 'bw').ok) return { ...located, status: 'unidentified', reason: 'no-page-code', flags: [...flags, 'no-page-code', 'transform-unverified'] };
    const { allMarked, ...measures } = await measurePage(image, t, assumed, input.assume);
    return { ...located, ...measures, status: 'unidentified', reason: 'no-page-code', flags: [...flags, 'no-page-code', ...(allMarked ? ['all-marked'] : [])] };
  }
  const code = parsePageCode(text);
  if (!code) return { ...located, status: 'foreign', reason: 'not-our-code', flags: [...flags, 'not-our-code'] };
  const map = await input.mapFor(code);
  if (!map || map.layout !== code.layout || code.page > map.pages) return { ...located, code, status: 'foreign', reason: 'unknown-card', flags: [...flags, 'unknown-card'] };
  // A transform that does not put the bubbles' own outlines where they are is never read (a curled sheet, a wrong three-mark fit).
  const check = verifyTransform(image, t, map, code.page, paperWhite(image), scanner.mode === 'bw');
  if (!check.ok || (codeOffsetMm !== null && codeOffsetMm > VERIFY.maxCodeOffsetMm)) return { ...located, code, status: 'unreadable', reason: 'transform-unverified', flags: [...flags, 'transform-unverified'] };
  const { allMarked, ...measures } = await measurePage(image, t, map, code);
  return { ...located, ...measures, code, status: 'read', flags: [...flags, ...(allMarked ? ['all-marked'] : [])] };
}

/**
 * The page code from its square (upright, at the scan's resolution), and how far (mm) the symbol's
 * centre lies from where the transform puts the square's centre — an independent check of the
 * transform; with four marks, the whole page if the square gave nothing (offset then unknown;
 * with three, a wrong placement must not borrow the code).
 */
export async function readPageCode(image: GrayImage, t: PageTransform): Promise<{ text: string; offsetMm: number | null } | null> {
  const scale = Math.max(t.pxPerPt, 2.5);
  const area = grow(PAGE_CODE_RECT, 3 * PT_PER_MM);
  const [code] = await readCodes(warpRect(image, t.toImage, area, scale), ['QRCode']);
  if (code) {
    const cx = code.position.reduce((sum, p) => sum + p.x, 0) / code.position.length / scale + area.x;
    const cy = code.position.reduce((sum, p) => sum + p.y, 0) / code.position.length / scale + area.y;
    const offsetMm = Math.hypot(cx - (PAGE_CODE_RECT.x + PAGE_CODE_RECT.w / 2), cy - (PAGE_CODE_RECT.y + PAGE_CODE_RECT.h / 2)) / PT_PER_MM;
    return { text: code.text, offsetMm };
  }
  if (t.marks !== 4) return null;
  const whole = await firstCode(image, 'QRCode');
  return whole === null ? null : { text: whole, offsetMm: null };
}

async function firstCode(image: GrayImage, ...formats: ReadInputBarcodeFormat[]): Promise<string | null> {
  const [code] = await readCodes(image, formats);
  return code ? code.text : null;
}

async function measurePage(image: GrayImage, t: PageTransform, map: CardGeometryV2, code: PageCode): Promise<Pick<PageReading, 'questions' | 'header' | 'sheetStyle' | 'scores'> & { allMarked: boolean }> {
  const levels: Levels = { white: paperWhite(image), black: t.black };
  const ink = (b: { rect: Rect }, label: string) => bubbleInk(image, t.toImage, b.rect, levels, t.pxPerPt, label);
  const bubbles = map.bubbles.filter((b) => b.page === code.page).map((b) => ({ ...b, ink: ink(b, b.value) }));
  const header = code.page === 1 ? map.header : null;
  const digitGrids = header ? ([['grade', header.gradeBubbles], ['class', header.classBubbles], ['seat', header.seatBubbles]] as const) : [];
  const digits = digitGrids.map(([name, grid]) => ({ name, cells: grid.map((b) => ({ ...b, ink: ink(b, String(b.digit)) })) }));
  const all = [...bubbles.map((b) => ({ rect: b.rect, ink: b.ink })), ...digits.flatMap((d) => d.cells.map((c) => ({ rect: c.rect, ink: c.ink })))];
  const base = pageBase(all.map((b) => b.ink));
  // 閱卷給分格 (score-fields.ts): read against the page's own unmarked bubbles, like the answers.
  const scoreInks = scoreFieldInks(map, code.page, (rect) => ink({ rect }, 'score'));
  const scores = scoreInks.length > 0 ? { scores: readScoreFields(scoreInks, base) } : {};
  const templates = bubbleTemplates(all.map((b) => b.ink), Math.max(1, Math.round(TEMPLATE_REACH_PT * t.pxPerPt)));
  const arms = armCounter(image, t, levels, all, base);
  const measure = (b: { rect: Rect; ink: BubbleInk }): Omit<MeasuredBubble, 'value'> => {
    const m = measured(b.ink, base);
    const template = templates.get(b.ink.key);
    // The paper level only where light pencil and an erasure must be told apart: a toned bubble that is no fill.
    const level = m.fill < MARKED && (m.tone >= HABIT_CLEAN.tone || m.fill > HABIT_CLEAN.fill) ? { level: paperLevel(b.ink, template) } : {};
    return { ...m, ...level, stroke: strokeOf(b.ink, template), arms: m.fill >= MARKED ? arms(b.rect) : 0 };
  };
  const groups = map.groups
    .filter((g) => g.page === code.page)
    .map((g) => ({ g, bubbles: bubbles.filter((b) => b.q === g.q).map((b) => ({ value: b.value, ...measure(b) })) }))
    .filter(({ bubbles: own }) => own.length > 0)
    .sort((a, b) => a.g.q - b.g.q);
  const columns = digits.map((d) => ({ name: d.name, cells: d.cells.map((c) => ({ column: c.column, digit: c.digit, ...measure(c) })) }));
  const { habit, sheetStyle } = sheetStyleOf([...groups, ...columns.flatMap((d) => [...new Set(d.cells.map((c) => c.column))].map((column) => ({ bubbles: d.cells.filter((c) => c.column === column).map((c) => ({ ...c, value: String(c.digit) })) })))]);
  const questions = groups.map(({ g, bubbles: own }) => readQuestion(g.q, g.showno, g.kind ?? 'single', own, habit));
  const allMarked = groups.some(({ g }, i) => questions[i].status === 'ambiguous' && g.kind === 'multi' && questions[i].answer.length === groups[i].bubbles.length);
  if (!header) return { questions, header: null, sheetStyle, allMarked, ...scores };
  const number = (name: string) => {
    const grid = columns.find((d) => d.name === name);
    return grid && grid.cells.length ? readDigits(grid.cells, habit) : null;
  };
  // The print draws the student number as Code 128, or as a QR code when it is too long for bars.
  const barcode = header.barcode ? await firstCode(warpRect(image, t.toImage, grow(header.barcode, 2 * PT_PER_MM), Math.max(t.pxPerPt, 2.5)), 'Code128', 'QRCode') : null;
  return { questions, header: { barcode, grade: number('grade'), class: number('class'), seat: number('seat') }, sheetStyle, allMarked, ...scores };
}

/**
 * Arms of a cross over a filled bubble (bubble-fills.ts `cornerInk`): corners darker by ARM or
 * more than the same corners of the page's unmarked bubbles printed alike (same key: what is
 * printed around a bubble — a neighbour, the group's outline — is the same for them). Counted
 * by diagonals: a line through the bubble darkens two opposite corners, a fill's overrun bulges
 * on one side. 2 a diagonal.
 */
function armCounter(image: GrayImage, t: PageTransform, levels: Levels, all: { rect: Rect; ink: BubbleInk }[], base: PageBase): (rect: Rect) => number {
  let baselines: Map<string, number[]> | null = null;
  const corners = new Map<Rect, number[]>();
  const cornersOf = (rect: Rect) => corners.get(rect) ?? corners.set(rect, cornerInk(image, t.toImage, rect, levels, t.pxPerPt)).get(rect)!;
  return (rect) => {
    baselines ??= (() => {
      const out = new Map<string, number[]>();
      const clean = all.filter((b) => measured(b.ink, base).fill <= UNMARKED);
      const median = (list: typeof all) => [0, 1, 2, 3].map((i) => list.map((b) => cornersOf(b.rect)[i]).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
      const everyKey = median(clean.slice(0, 12));
      // A key marked on nearly every row (option E of a multi-choice block) borrows the page's other bubbles.
      for (const key of new Set(all.map((b) => b.ink.key))) {
        // A dozen of them tell what is printed around the key's bubbles.
        const own = clean.filter((b) => b.ink.key === key).slice(0, 12);
        out.set(key, own.length >= 2 ? median(own) : everyKey);
      }
      return out;
    })();
    const own = all.find((b) => b.rect === rect);
    const line = baselines.get(own?.ink.key ?? '') ?? [0, 0, 0, 0];
    const arm = cornersOf(rect).map((c, i) => c - line[i] >= ARM);
    return (arm[0] && arm[3] ? 2 : 0) + (arm[1] && arm[2] ? 2 : 0);
  };
}

/** No marks and almost no ink: a duplex back or an empty sheet. */
function isBlank(image: GrayImage): boolean {
  const limit = paperWhite(image) * 0.5;
  let dark = 0;
  let n = 0;
  for (let y = 0; y < image.height; y += 3) for (let x = 0; x < image.width; x += 3, n++) if (image.data[y * image.width + x] < limit) dark++;
  return dark / n < BLANK_INK_SHARE;
}
