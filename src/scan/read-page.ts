import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { CardGeometryV2 } from '../shared/geometry/card-geometry';
import { parsePageCode, type PageCode } from '../shared/geometry/page-code';
import { PAGE_CODE_RECT, PT_PER_MM, SCAN_MARKS } from '../shared/geometry/scan-layout';
import type { Rect } from '../shared/geometry/card-geometry';
import { bubbleInk, bubbleTemplates, cornerInk, measured, pageBase, paperLevel, paperWhite, SampleArena, strokeOf, type BubbleInk, type Levels, type PageBase } from './bubble-fills';
import { readCodeOnGrid, readCodes, sharpened } from './code-reader';
import type { GrayImage, PageReading, ReadPageInput } from './page-reading';
import { locatePage, uprightThreeMarkPlacements, type PageTransform } from './page-transform';
import { applyHomography, type Homography } from './homography';
import { codeBlurPt } from './code-grid';
import { composeHomography, flatPage, flatScale, flatToPhoto, fourthMarkTries, locatePhoto, markCoreBlack, MIN_FLAT_PX_PER_PT, pxPerPtOf } from './photo-page';
import { readDigits, readQuestion, sheetStyleOf, type MeasuredBubble } from './question-status';
import { ARM, BLANK_INK_SHARE, HABIT_CLEAN, SCANNER, VERIFY, MARKED, RESIDUAL_FLAG_MM, TEMPLATE_REACH_PT, UNMARKED } from './reading-thresholds';
import { dpiOf, modeOf } from './scanner-mode';
import { verifyTransform, type Verification } from './verify-transform';
import { BLURRED_MIN_SIGMA_PT, verifyBlurredOutlines } from './verify-blurred';
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
  const reading = await readAnyPage(input);
  // How the scanner took the page, on every reading: a black-and-white or low-resolution scan may have lost light marks.
  // Not located: the resolution an A4 sheet across the image's width would have.
  const scanner = reading.scanner ?? { mode: modeOf(input.image), dpi: Math.round(input.image.width / (210 / 25.4)) };
  // A photo is read from its page cut out flat at 150–200 dpi; its own resolution (`dpi`) is no scanner setting to warn about.
  const lowDpi = scanner.dpi !== null && scanner.dpi < SCANNER.lowDpi && !reading.flags.includes('photo');
  const flags = [...(scanner.mode === 'bw' ? ['bilevel'] : []), ...(lowDpi ? ['low-dpi'] : []), ...reading.flags];
  return { ...reading, scanner, flags, image: { width: input.image.width, height: input.image.height } };
}

/**
 * A scanner's page (four marks in the corner windows fitting a flat page at the scan's own scale,
 * evenly lit) is read as it always was; anything else — a photo: the page anywhere, at any scale,
 * turned any way, tilted, unevenly lit — through the photo steps (photo-page.ts), which find the
 * four marks over the whole image. Three marks (a folded corner) only when four were not found.
 */
async function readAnyPage(input: ReadPageInput): Promise<PageReading> {
  const placements = locatePage(input.image);
  const first = placements[0];
  if (first && scannerScale(input.image, first)) {
    // A scanner's page, read as it always was; evenly lit and read, that is all.
    const scanned = await readLocated(input, placements);
    if (scanned.status === 'read' && evenlyLit(input.image, first)) return scanned;
    // Unevenly lit, or not read: the photo steps may do better (never worse: a page they do not read keeps the scan's reading).
    const photo = await readPhotoFinely(input);
    return photo?.status === 'read' ? photo : scanned;
  }
  // No marks and almost no ink (a duplex back) is blank: the photo steps, which search the whole
  // image for a sheet (≈ 20 ms), find none in it — a photo has a desk, shadows, a code and print
  // around the marks (the lowest ink share of the photo corpus's 532 photos is 17 %; blank is < 0.2 %).
  if (placements.length === 0 && isBlank(input.image)) return readLocated(input, placements);
  const photo = await readPhotoFinely(input);
  return photo ?? readLocated(input, placements);
}

/** The marks say the page spans the image's width (±6 %), as on a scanner's glass. */
function scannerScale(image: GrayImage, t: PageTransform): boolean {
  const marks = SCAN_MARKS.map((m) => applyHomography(t.toImage, m.center));
  const spanPx = Math.hypot(marks[1].x - marks[0].x, marks[1].y - marks[0].y);
  return Math.abs(spanPx / (191 * (image.width / 210)) - 1) <= 0.06;
}

/**
 * The paper around the marks is lit alike (within 12 %; with three marks, around the three
 * brightest places: the lost mark's corner may be folded or covered). A photo that passes is read
 * the scanner's way, which is right for it too (its homography is exact through four marks).
 */
function evenlyLit(image: GrayImage, t: PageTransform): boolean {
  const levels = SCAN_MARKS.map((m) => localPaper(image, applyHomography(t.toImage, m.center), (image.width / 210) * 8)).sort((a, b) => b - a);
  const kept = t.marks === 3 ? levels.slice(0, 3) : levels;
  return Math.min(...kept) >= Math.max(...kept) * 0.88;
}

/** The 90th percentile of a square of `half` px around `p`. */
function localPaper(image: GrayImage, p: { x: number; y: number }, half: number): number {
  const hist = new Uint32Array(256);
  let n = 0;
  const x0 = Math.max(0, Math.round(p.x - half));
  const x1 = Math.min(image.width - 1, Math.round(p.x + half));
  const y0 = Math.max(0, Math.round(p.y - half));
  const y1 = Math.min(image.height - 1, Math.round(p.y + half));
  for (let y = y0; y <= y1; y += 2) for (let x = x0; x <= x1; x += 2, n++) hist[image.data[y * image.width + x]]++;
  let seen = 0;
  for (let g = 255; g >= 0; g--) if ((seen += hist[g]) >= n * 0.1) return g;
  return 255;
}

/**
 * A photo's page (readPhoto); a page it could not read and that the shrunk photo holds at less than
 * the flat page's resolution (a small sheet in a large frame: turned 45°, far off, 12 MP decoded at
 * 2,000 px) is read again from the photo decoded at twice the resolution (GrayImage.finer), and
 * that reading taken if it reads — its placement given in this image's pixels, which the review
 * image is cut from. The page must pass the same checks at the finer resolution; a page read
 * neither way keeps the first reading.
 */
async function readPhotoFinely(input: ReadPageInput): Promise<PageReading | null> {
  const photo = await readPhoto(input);
  const { finer } = input.image;
  if (!photo || photo.status === 'read' || !finer || !photo.toImage || pxPerPtOf(photo.toImage) >= MIN_FLAT_PX_PER_PT) return photo;
  const fine = await finer().catch(() => null);
  const again = fine ? await readPhoto({ ...input, image: fine }) : null;
  if (again?.status !== 'read' || !again.toImage || !fine) return photo;
  const k = input.image.width / fine.width;
  const toImage = again.toImage.map((v, i) => (i < 6 ? Number((v * k).toPrecision(10)) : v));
  return { ...again, toImage };
}

/**
 * A photo's page: its quarter turns tried in the order the code square's look ranks them, the
 * first whose page code decodes where the transform puts it wins (none: the best-ranked, read as
 * unidentified); the page cut out flat at its own resolution and read like a scan; the reading's
 * placement composed back onto the photo. Null when no four marks agree with a page anywhere.
 */
async function readPhoto(input: ReadPageInput): Promise<PageReading | null> {
  const turns = locatePhoto(input.image);
  if (!turns) return null;
  let chosen = turns[0];
  let known: { text: string; offsetMm: number | null } | null = null;
  // Turns whose code square looks nothing like a code are not worth a decoder's time.
  const likely = turns.filter((turn) => turn.codeScore >= turns[0].codeScore * 0.3);
  for (const turn of likely) {
    const found = await readPageCode(input.image, { toImage: turn.toImage, upsideDown: false, residualMm: 0, black: turn.black, pxPerPt: turn.pxPerPt, marks: 3 }, true);
    if (inPlace(found)) {
      chosen = turn;
      known = found;
      break;
    }
  }
  // A code blurred past ZXing's own reading: measured on its known grid where each turn puts it.
  let sigmaPt: number | null | undefined;
  for (const turn of known ? [] : likely) {
    const found = await readCodeOnGrid(input.image, turn.toImage, input.codes);
    if (inPlace(found)) {
      chosen = turn;
      known = found;
      sigmaPt = found.sigmaPt;
      break;
    }
  }
  // The marks' black from their cores (photo-page.ts markCoreBlack), not from their blurred edges.
  const located = (page: GrayImage) => locatePage(page).map((t) => ({ ...t, black: Math.min(t.black, markCoreBlack(page, t.toImage)) }));
  let s = flatScale(chosen.toImage);
  let flat = flatPage(input.image, chosen.toImage, s);
  let placements = located(flat);
  const cutOf = (toImage: Homography) => {
    const scale = flatScale(toImage);
    const page = flatPage(input.image, toImage, scale);
    return { scale, flat: page, placements: located(page) };
  };
  const cutThrough = (toImage: Homography, cut = cutOf(toImage)) => {
    chosen = { ...chosen, toImage, pxPerPt: pxPerPtOf(toImage) };
    ({ scale: s, flat, placements } = cut);
  };
  // One of the photo's four marks may not be a mark (a dark stripe of the desk beside a shadowed
  // one): that corner of the flat page is then cut askew. The page is cut again through its three
  // marks and each candidate fourth (photo-page.ts fourthMarkTries). A cut through four points puts
  // them in place by construction, so what decides is, as for every page, the code's offset and the
  // outlines' check.
  // No code where any turn puts it, and no four marks upright on the flat page: the cut is kept only
  // if the code is then found where it puts it.
  if (!known && !placements.some((t) => t.marks === 4 && !t.upsideDown)) {
    const found = await firstFourth(chosen.toImage, s, flat, uprightThreeMarkPlacements(flat), async (toImage) => {
      const t: PageTransform = { toImage, upsideDown: false, residualMm: 0, black: chosen.black, pxPerPt: pxPerPtOf(toImage), marks: 3 };
      const decoded = await readPageCode(input.image, t, true);
      if (decoded) return inPlace(decoded) ? { code: decoded, sigmaPt: undefined } : null;
      const onGrid = await readCodeOnGrid(input.image, toImage, input.codes);
      return inPlace(onGrid) ? { code: onGrid, sigmaPt: onGrid.sigmaPt } : null;
    });
    if (found) {
      ({ code: known, sigmaPt } = found.kept);
      cutThrough(found.toImage);
    }
  }
  // Three marks on the flat page where the photo had four: the cut is kept if four marks are then found upright on it.
  if (placements.length > 0 && placements.every((t) => t.marks === 3)) {
    const found = await firstFourth(chosen.toImage, s, flat, placements, async (toImage) => {
      const cut = cutOf(toImage);
      return cut.placements[0]?.marks === 4 && !cut.placements[0].upsideDown ? cut : null;
    });
    if (found) cutThrough(found.toImage, found.kept);
  }
  // The scan's check at the photo's outline contrast; where the blur has spread the outlines past it, the blurred check (verify-blurred.ts) at the blur measured on the code's known patterns.
  const verify: Verifier = (image, t, map, page, twoLevel) => {
    const white = paperWhite(image);
    const plain = verifyTransform(image, t, map, page, white, twoLevel, VERIFY.photoRingContrast);
    if (plain.ok) return plain;
    sigmaPt ??= codeBlurPt(input.image, chosen.toImage);
    return sigmaPt !== null && sigmaPt >= BLURRED_MIN_SIGMA_PT ? verifyBlurredOutlines(image, t, map, page, white, sigmaPt) : plain;
  };
  const inner = await readLocated({ ...input, image: flat }, placements, known, verify);
  const back = flatToPhoto(chosen.toImage, s);
  const toImage = inner.toImage ? composeHomography(back, inner.toImage).map((v) => Number(v.toPrecision(10))) : undefined;
  const dpi = Math.round(chosen.pxPerPt * 72);
  // A photo of a sheet marked throughout with small marks (ticks, crosses, dots, light pencil): the
  // blur can take a mark's whole ink off its bubble (dots in a 12 MP photo blurred 0.66 module read
  // 0.000), so a row read blank may hold a mark and a row read with one may hold another. Every row
  // of such a page is a person's to decide — one sheet item in the review (scan-review.ts), what was
  // read proposed — never a certain answer.
  const questions = inner.sheetStyle ? inner.questions.map((q) => (q.status === 'blank' || q.status === 'ok' ? { ...q, status: 'ambiguous' as const, ...(q.answer ? { proposal: q.answer } : {}) } : q)) : inner.questions;
  return {
    ...inner,
    questions,
    upsideDown: chosen.orientation === 180,
    ...(toImage ? { toImage } : {}),
    scanner: { mode: input.image.mode ?? modeOf(input.image), dpi },
    flags: [...inner.flags.filter((f) => f !== 'low-dpi'), 'photo'],
  };
}

/** A page code found within the transform check's reach of where the transform puts it. */
function inPlace<T extends { offsetMm: number | null }>(found: T | null): found is T {
  return found !== null && found.offsetMm !== null && found.offsetMm <= VERIFY.maxCodeOffsetMm;
}

/**
 * The first photo homography through a real fourth mark (photo-page.ts fourthMarkTries) of the
 * first two three-mark placements that `keep` keeps, with what it kept.
 */
async function firstFourth<T>(toImage: Homography, s: number, flat: GrayImage, placements: readonly PageTransform[], keep: (toImage: Homography) => Promise<T | null>): Promise<{ toImage: Homography; kept: T } | null> {
  for (const placement of placements.slice(0, 2)) {
    for (const tried of fourthMarkTries(toImage, s, flat, placement)) {
      const kept = await keep(tried);
      if (kept !== null) return { toImage: tried, kept };
    }
  }
  return null;
}

/** Whether the page lies where the transform says (verify-transform.ts); a photo's adds the blurred check. */
type Verifier = (image: GrayImage, t: PageTransform, map: CardGeometryV2, page: number, twoLevel: boolean) => Verification;

const verifyScan: Verifier = (image, t, map, page, twoLevel) => verifyTransform(image, t, map, page, paperWhite(image), twoLevel);

/** `known`: the page code already decoded (a photo's, on the photo itself), for a single placement. */
async function readLocated(input: ReadPageInput, placements: PageTransform[], known: { text: string; offsetMm: number | null } | null = null, verify: Verifier = verifyScan): Promise<PageReading> {
  const { image } = input;
  const empty = { code: null, upsideDown: false, residualMm: null, questions: [], header: null };
  // No marks: a duplex back, or a page of some other document (text, no marks) — set aside with its reason, never blank.
  if (placements.length === 0) return isBlank(image) ? { ...empty, status: 'blank', flags: [] } : { ...empty, status: 'unreadable', reason: 'other-document', flags: ['other-document'] };
  // Four marks give one placement; three give a few, and the page code says which is right.
  let t = placements[0];
  let text: string | null = null;
  let codeOffsetMm: number | null = null;
  for (const placement of placements) {
    const found = known && placement === placements[0] ? known : await readPageCode(image, placement);
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
    if (!verify(image, t, assumed, input.assume.page, scanner.mode === 'bw').ok) return { ...located, status: 'unidentified', reason: 'no-page-code', flags: [...flags, 'no-page-code', 'transform-unverified'] };
    const { allMarked, ...measures } = await measurePage(image, t, assumed, input.assume);
    return { ...located, ...measures, status: 'unidentified', reason: 'no-page-code', flags: [...flags, 'no-page-code', ...(allMarked ? ['all-marked'] : [])] };
  }
  const code = parsePageCode(text);
  if (!code) return { ...located, status: 'foreign', reason: 'not-our-code', flags: [...flags, 'not-our-code'] };
  const map = await input.mapFor(code);
  if (!map || map.layout !== code.layout || code.page > map.pages) return { ...located, code, status: 'foreign', reason: 'unknown-card', flags: [...flags, 'unknown-card'] };
  // A transform that does not put the bubbles' own outlines where they are is never read (a curled sheet, a wrong three-mark fit).
  const check = verify(image, t, map, code.page, scanner.mode === 'bw');
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
export async function readPageCode(image: GrayImage, t: PageTransform, photo = false): Promise<{ text: string; offsetMm: number | null } | null> {
  const scale = Math.max(t.pxPerPt, 2.5);
  const area = grow(PAGE_CODE_RECT, 3 * PT_PER_MM);
  const crop = warpRect(image, t.toImage, area, scale);
  // A photo's code may be blurred over half a module: sharpened, it decodes again (tried only when plain decoding fails).
  let [code] = await readCodes(crop, ['QRCode']);
  if (!code && photo) [code] = await readCodes(sharpened(crop), ['QRCode']);
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

/** The bubbles' samples of the page being measured (bubble-fills.ts SampleArena). */
const samples = new SampleArena();

async function measurePage(image: GrayImage, t: PageTransform, map: CardGeometryV2, code: PageCode): Promise<Pick<PageReading, 'questions' | 'header' | 'sheetStyle' | 'scores'> & { allMarked: boolean }> {
  const levels: Levels = { white: paperWhite(image), black: t.black };
  // Every sample of the page's bubbles is used before the first await below (the barcode): one arena serves every page.
  samples.reset();
  const ink = (b: { rect: Rect }, label: string) => bubbleInk(image, t.toImage, b.rect, levels, t.pxPerPt, label, samples);
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
  const corners = new Map<Rect, number[]>();
  const cornersOf = (rect: Rect) => corners.get(rect) ?? corners.set(rect, cornerInk(image, t.toImage, rect, levels, t.pxPerPt)).get(rect)!;
  const median = (list: typeof all) => [0, 1, 2, 3].map((i) => list.map((b) => cornersOf(b.rect)[i]).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
  let clean: typeof all | null = null;
  let everyKey: number[] | null = null;
  // Per key, when a fill of that key first asks (most keys of a page never hold a fill worth asking about).
  const baselines = new Map<string, number[]>();
  const baselineOf = (key: string) => {
    const known = baselines.get(key);
    if (known) return known;
    clean ??= all.filter((b) => measured(b.ink, base).fill <= UNMARKED);
    // A dozen of them tell what is printed around the key's bubbles.
    const own = clean.filter((b) => b.ink.key === key).slice(0, 12);
    // A key marked on nearly every row (option E of a multi-choice block) borrows the page's other bubbles.
    const line = own.length >= 2 ? median(own) : (everyKey ??= median(clean.slice(0, 12)));
    baselines.set(key, line);
    return line;
  };
  const byRect = new Map(all.map((b) => [b.rect, b]));
  return (rect) => {
    const own = byRect.get(rect);
    const line = own ? baselineOf(own.ink.key) : [0, 0, 0, 0];
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
