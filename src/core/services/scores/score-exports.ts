import ExcelJS from 'exceljs';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedCjkFont } from '../../../pdf/cjk-font';
import { translate } from '../../../shared/i18n/translate';
import type { MessageKey } from '../../../shared/i18n/tw';
import type { Locale } from '../../../shared/limits';
import { windowsSafe } from '../../../shared/print/print-file-name';
import { statsOf } from '../../../shared/scoring/statistics';
import type { ItemAnalysis, Stats, StudentResult, TScoresDownloadInput } from '../../../shared/schemas/scores';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { csvFile, xlsxFile } from '../../exports/safe-spreadsheet';
import { analyseWritten } from '../../../shared/scoring/written-analysis';
import { classStats, itemsOf, reliabilityOfCard, scoredCard, type ScoredCard } from './card-scores';

// Score exports (docs/scores.md "Exports"): the workbook (a sheet per class, a summary, item
// analysis), the CSV school information systems import, and the PDF score report per class for
// notice boards. Named after the card and the selection, e.g. 期中考_8年3班_成績.xlsx.

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** `<title>[_8年3班 | _8年級]_成績.<ext>`, safe on Windows (the print log's helper). */
export function scoresFileName(title: string, selection: { grade?: number; class?: number }, suffix: string, ext: string): string {
  const who = selection.grade === undefined ? '' : selection.class === undefined ? `_${selection.grade}年級` : `_${selection.grade}年${selection.class}班`;
  return `${windowsSafe(title)}${who}_${windowsSafe(suffix)}.${ext}`;
}

export async function scoresFile(deps: Deps, actor: Actor, locale: Locale, input: TScoresDownloadInput) {
  if (input.format === 'pdf' && (input.grade === undefined || input.class === undefined)) {
    throw new AppError('BAD_REQUEST', 'scores.pdfNeedsClass', {}, { class: 'scores.pdfNeedsClass' });
  }
  const card = await scoredCard(deps, actor, input);
  // A file leaves no room to say some students are missing: a version without its order refuses it.
  const unordered = card.versions.filter((v) => !v.ordered);
  if (unordered.length > 0) throw new AppError('CONFLICT', 'scores.versionsUnordered', { versions: unordered.map((v) => `${v.version}:${v.students}`).join(', ') });
  const t: T = (key, params) => translate(locale, key, params);
  const filename = scoresFileName(card.doc.title, input, t('scores.fileScores'), input.format);
  if (input.format === 'csv') return { body: scoresCsv(card, t), contentType: 'text/csv; charset=utf-8', filename };
  if (input.format === 'pdf') return { body: await scoresPdf(card, t, { grade: input.grade!, class: input.class! }), contentType: 'application/pdf', filename };
  return { body: await scoresWorkbook(card, t), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename };
}

// ---- CSV ----------------------------------------------------------------------------------

const CSV_HEAD = ['學號', '姓名', '年級', '班級', '座號', '分數', '滿分'];

/**
 * The columns school systems import, through the one safe CSV writer (UTF-8 with BOM, CRLF, no
 * formulas). A card with counted written questions appends 選擇題, 非選擇題 and each written
 * question's points (`第7題`; empty while ungraded), so existing imports keep their columns.
 */
export function scoresCsv(card: ScoredCard, t: T): Buffer {
  const written = card.written;
  const head = written.length === 0 ? CSV_HEAD : [...CSV_HEAD, '選擇題', '非選擇題', ...written.map((w) => `第${w.showno}題`)];
  const parts = (s: StudentResult) => (written.length === 0 ? [] : [s.choice, s.written, ...written.map((w) => s.written_points[String(w.q)] ?? '')]);
  const present = card.students.map((s) => [s.student_number, s.name, s.grade, s.class, s.seat, s.score, card.maxScore, ...parts(s)] as (string | number)[]);
  // Students without a sheet: 缺考 / 補考 in the score column, never a 0 (docs/scores.md "Honest results").
  const absent = card.absent.map((s) => [s.student_number, s.name, s.grade, s.class, s.seat, markText(t, s.mark), card.maxScore]);
  const rows = [...present, ...absent].sort((a, b) => Number(a[2]) - Number(b[2]) || Number(a[3]) - Number(b[3]) || Number(a[4]) - Number(b[4]));
  return csvFile([head, ...rows, ...(card.pendingReview > 0 ? [[pendingText(t, card)]] : [])]);
}

/** 缺考 / 補考 in the caller's language. */
const markText = (t: T, mark: 'absent' | 'makeup') => t(mark === 'makeup' ? 'scores.makeup' : 'scores.absent');
/** 「尚有 N 項待確認」: every export says so while review is open (docs/scores.md "Honest results"). */
const pendingText = (t: T, card: ScoredCard) => t('scores.pending', { count: card.pendingReview });

// ---- xlsx ---------------------------------------------------------------------------------

const solid = (argb: string): Partial<ExcelJS.Style> => ({ fill: { type: 'pattern', pattern: 'solid', fgColor: { argb } } });
/**
 * Cell styles, one object each shared by every cell that has it: exceljs then keeps one style,
 * not one per cell (half the time of a grade's workbook). Nothing sets a property on these cells
 * afterwards, which would change every cell sharing the object.
 */
const STYLE = { right: solid('FFC6EFCE'), partial: solid('FFFFEB9C'), wrong: solid('FFFFC7CE'), head: solid('FFE7E6E6') } as const;
const classLabel = (grade: number, klass: number) => `${grade}年${klass}班`;

function byClass(students: readonly StudentResult[]): { grade: number; class: number; students: StudentResult[] }[] {
  const groups = new Map<string, { grade: number; class: number; students: StudentResult[] }>();
  for (const s of students) {
    const id = `${s.grade}/${s.class}`;
    if (!groups.has(id)) groups.set(id, { grade: s.grade, class: s.class, students: [] });
    groups.get(id)!.students.push(s);
  }
  return [...groups.values()].sort((a, b) => a.grade - b.grade || a.class - b.class);
}

function statsRow(label: (string | number)[], stats: Stats | null): (string | number)[] {
  return stats ? [...label, stats.count, stats.mean, stats.median, stats.sd, stats.max, stats.min] : [...label, 0];
}

/**
 * One sheet per class (students × questions: the marked answer, green when right, yellow when
 * partly, red when wrong; then score and rank), a summary sheet of class statistics and an
 * item-analysis sheet. A key row under the heading gives each question's answer and points.
 */
export async function scoresWorkbook(card: ScoredCard, t: T): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const questions = card.questions;
  for (const group of byClass(card.students)) {
    const sheet = workbook.addWorksheet(classLabel(group.grade, group.class));
    const missing = card.absent.filter((s) => s.grade === group.grade && s.class === group.class);
    // Before any row, so each new cell copies the column's style (學號 as text: leading zeros stay).
    sheet.getColumn(2).numFmt = '@';
    sheet.getColumn(3).width = 12;
    // Written questions (docs/grading.md "Totals"): their points after the choice answers, then 選擇題 and 非選擇題.
    const written = card.written;
    const parts = written.length > 0;
    const head = [t('scores.colSeat'), t('scores.colNumber'), t('scores.colName'), ...questions.map((q) => q.showno), ...written.map((w) => t('scores.colWrittenQ', { showno: w.showno })), ...(parts ? [t('scores.colChoice'), t('scores.colWritten')] : []), t('scores.colScore'), t('scores.colRank')];
    sheet.addRow(head).eachCell((c) => (c.style = STYLE.head));
    const partsMax = parts ? [card.choiceMax, card.writtenMax] : [];
    const keyRow = sheet.addRow(['', '', t('scores.colKey'), ...questions.map((q) => (q.dropped ? '—' : q.answer)), ...written.map(() => ''), ...partsMax, card.maxScore, '']);
    keyRow.font = { bold: true };
    sheet.addRow(['', '', t('scores.colPoints'), ...questions.map((q) => (q.dropped ? 0 : q.points)), ...written.map((w) => w.points), ...partsMax.map(() => ''), '', '']);
    const first = 4;
    for (const s of group.students) {
      const points = written.map((w) => s.written_points[String(w.q)] ?? t('scores.notGraded'));
      const row = sheet.addRow([s.seat, s.student_number, s.name, ...questions.map((q) => s.answers[String(q.q)] ?? ''), ...points, ...(parts ? [s.choice, s.written] : []), s.score, s.rank]);
      questions.forEach((q, i) => {
        const earned = s.points[String(q.q)];
        if (earned === undefined) return;
        row.getCell(4 + i).style = s.correct[String(q.q)] ? STYLE.right : earned > 0 ? STYLE.partial : STYLE.wrong;
      });
      written.forEach((w, i) => {
        if (s.written_points[String(w.q)] === null) row.getCell(4 + questions.length + i).style = STYLE.partial;
      });
    }
    // Students without a sheet: 缺考 (or 補考), never a 0, never ranked.
    for (const s of missing) sheet.addRow([s.seat, s.student_number, s.name, ...questions.map(() => ''), ...written.map(() => ''), ...(parts ? ['', ''] : []), markText(t, s.mark), '']);
    sheet.views = [{ state: 'frozen', xSplit: 3, ySplit: first - 1 }];
  }
  const summary = workbook.addWorksheet(t('scores.sheetSummary'));
  if (card.pendingReview > 0) summary.addRow([pendingText(t, card)]).font = { bold: true, color: { argb: 'FFC00000' } };
  summary.addRow([t('scores.colGrade'), t('scores.colClass'), t('scores.colCount'), t('scores.colMean'), t('scores.colMedian'), t('scores.colSd'), t('scores.colHigh'), t('scores.colLow')]).eachCell((c) => (c.style = STYLE.head));
  for (const c of classStats(card.students)) summary.addRow(statsRow([c.grade, c.class], c));
  summary.addRow(statsRow([t('scores.allStudents'), ''], statsOf(card.students.map((s) => s.score))));
  summary.addRow([]);
  summary.addRow([t('scores.colMax'), card.maxScore]);
  const ungraded = card.students.reduce((sum, s) => sum + s.ungraded, 0);
  if (ungraded > 0) summary.addRow([t('scores.ungraded', { count: ungraded })]).getCell(1).style = STYLE.wrong;
  const reliability = reliabilityOfCard(card);
  summary.addRow([t(reliability?.method === 'alpha' ? 'scores.colAlpha' : 'scores.colKr20'), reliability?.value ?? '']);
  summary.addRow([t('scores.colSem'), reliability?.sem ?? '']);
  if (card.absent.length > 0) summary.addRow([t('scores.absentCount'), card.absent.length]);
  itemSheet(workbook.addWorksheet(t('scores.sheetItems')), itemsOf(card), card, t);
  // Deflate level 1: a grade's workbook compresses in a fraction of the default level's time, a few % larger.
  return xlsxFile(workbook, { zip: { compression: 'DEFLATE', compressionOptions: { level: 1 } } });
}

function itemSheet(sheet: ExcelJS.Worksheet, items: readonly ItemAnalysis[], card: ScoredCard, t: T): void {
  const values: string[] = [];
  for (const item of items) for (const o of item.options) if (!values.includes(o.value)) values.push(o.value);
  const points = new Map(card.questions.map((q) => [q.q, q.dropped ? 0 : q.points]));
  sheet.addRow([t('scores.colQuestion'), t('scores.colKind'), t('scores.colKey'), t('scores.colPoints'), t('scores.colDifficulty'), t('scores.colDiscrimination'), t('scores.colPointBiserial'), t('scores.colBlank'), ...values, t('scores.colFlags')]).eachCell((c) => (c.style = STYLE.head));
  for (const item of items) {
    const counts = values.map((v) => item.options.find((o) => o.value === v)?.count ?? '');
    const row = sheet.addRow([item.showno, t(`scores.kind.${item.kind}`), item.key, points.get(item.q) ?? 0, item.difficulty ?? '', item.discrimination ?? '', item.point_biserial ?? '', item.blank, ...counts, item.flags.map((f) => t(`scores.flag.${f}`)).join('、')]);
    // Numbers stay numbers, shown as the screen shows them: difficulty 28%, discrimination 0.41.
    row.getCell(5).numFmt = '0%';
    row.getCell(6).numFmt = '0.00';
    row.getCell(7).numFmt = '0.00';
    item.options.forEach((o) => {
      if (o.is_key) row.getCell(9 + values.indexOf(o.value)).style = STYLE.right;
    });
    if (item.flags.length > 0) row.getCell(9 + values.length).style = STYLE.wrong;
  }
  const written = analyseWritten(card.written, card.students);
  if (written.length === 0) return;
  sheet.addRow([]);
  sheet.addRow([t('scores.colQuestion'), t('scores.colKind'), t('scores.colMax'), t('scores.colGraded'), t('scores.colMean'), t('scores.colShare'), t('scores.colDistribution')]).eachCell((c) => (c.style = STYLE.head));
  for (const w of written) {
    const row = sheet.addRow([w.showno, t('scores.kind.free'), w.max, w.graded, w.mean ?? '', w.share ?? '', w.distribution.map((d) => `${d.points}:${d.count}`).join(' ')]);
    row.getCell(6).numFmt = '0%';
  }
}

// ---- PDF report ---------------------------------------------------------------------------

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 48;
const ROW = 18;
type Column = { key: MessageKey; x: number; w: number };
/** The report's columns and their widths in pt; with written questions, 選擇題 and 非選擇題 come before the total and every column narrows to fit the same 490 pt. */
const BASE_WIDTHS: readonly [MessageKey, number][] = [['scores.colSeat', 50], ['scores.colNumber', 110], ['scores.colName', 170], ['scores.colScore', 80], ['scores.colRank', 80]];
const PART_WIDTHS: readonly [MessageKey, number][] = [['scores.colChoice', 60], ['scores.colWritten', 60]];
const TABLE_WIDTH = 490;

function reportColumns(parts: boolean): Column[] {
  const widths = parts ? BASE_WIDTHS.flatMap((c) => (c[0] === 'scores.colScore' ? [...PART_WIDTHS, c] : [c])) : BASE_WIDTHS;
  const scale = TABLE_WIDTH / widths.reduce((sum, [, w]) => sum + w, 0);
  let x = 0;
  return widths.map(([key, w]) => {
    const column = { key, x: Math.round(x), w: Math.round(w * scale) };
    x += w * scale;
    return column;
  });
}

/** One class's report for the notice board: title, class, statistics, then seat, number, name, score, rank. */
export async function scoresPdf(card: ScoredCard, t: T, selection: { grade: number; class: number }): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await embedCjkFont(doc);
  const stats = statsOf(card.students.map((s) => s.score));
  const parts = card.written.length > 0;
  const columns = reportColumns(parts);
  const ungraded = card.students.reduce((sum, s) => sum + s.ungraded, 0);
  const heading = [
    t('scores.reportTitle', { title: card.doc.title }),
    t('scores.reportClass', selection),
    stats ? t('scores.reportStats', { ...stats, total: card.maxScore }) : '',
    ungraded > 0 ? t('scores.ungraded', { count: ungraded }) : '',
    card.pendingReview > 0 ? pendingText(t, card) : '',
  ];
  let page: PDFPage | null = null;
  let y = 0;
  const newPage = () => {
    page = doc.addPage([A4.w, A4.h]);
    y = A4.h - MARGIN;
    const sizes = [16, 12, 10, 10, 12];
    heading.forEach((line, i) => {
      if (line === '') return;
      // A long card title shrinks to the page's width rather than running off it.
      const size = Math.min(sizes[i], (sizes[i] * (A4.w - 2 * MARGIN)) / Math.max(1, font.widthOfTextAtSize(line, sizes[i])));
      page!.drawText(line, { x: MARGIN, y: y - sizes[i], size, font });
      y -= sizes[i] + 8;
    });
    y -= 6;
    drawRow(page, font, y, columns, columns.map((c) => t(c.key)), true);
    y -= ROW;
  };
  newPage();
  for (const s of card.students) {
    if (y < MARGIN + ROW) newPage();
    const scores = parts ? [String(s.choice), String(s.written), String(s.score)] : [String(s.score)];
    drawRow(page!, font, y, columns, [String(s.seat), s.student_number, s.name, ...scores, String(s.rank)], false);
    y -= ROW;
  }
  for (const s of card.absent) {
    if (y < MARGIN + ROW) newPage();
    const mark = markText(t, s.mark);
    drawRow(page!, font, y, columns, [String(s.seat), s.student_number, s.name, ...(parts ? ['', '', mark] : [mark]), ''], false);
    y -= ROW;
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

function drawRow(page: PDFPage, font: PDFFont, top: number, columns: readonly Column[], cells: readonly string[], head: boolean): void {
  const width = columns[columns.length - 1].x + columns[columns.length - 1].w;
  if (head) page.drawRectangle({ x: MARGIN, y: top - ROW, width, height: ROW, color: rgb(0.9, 0.9, 0.9) });
  page.drawLine({ start: { x: MARGIN, y: top - ROW }, end: { x: MARGIN + width, y: top - ROW }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  cells.forEach((text, i) => {
    const column = columns[i];
    let size = 11;
    while (size > 6 && font.widthOfTextAtSize(text, size) > column.w - 8) size -= 0.5;
    page.drawText(text, { x: MARGIN + column.x + 4, y: top - ROW + 5, size, font });
  });
}
