import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { pointsText, SLIP_COLOURS, verdictOf } from './slip-marks';
import { SLIP_PAGE } from './slip-placement';
import type { SlipCard, SlipStudent, SlipText } from './slip-types';
import { wrapText } from './wrap-text';

// The one-page summary slip (docs/grading.md "Slips"): who, the total and its parts, the rank
// when printed, then every choice question (answer, key, points) in as many column blocks as
// fit, and every written question with its points, rubric items and comment. Always one page: the
// written notes give way (fewer lines each, then an "N more" line) before the page would overflow.

const MARGIN = 40;
const ROW_HEIGHT = 12;
const TEXT = 8;
const LINE = rgb(0.75, 0.75, 0.75);
const BLOCK_GAP = 12;

function cell(page: PDFPage, font: PDFFont, text: string, x: number, y: number, width: number, color = rgb(0, 0, 0), size = TEXT): void {
  let fitted = size;
  while (fitted > 5 && font.widthOfTextAtSize(text, fitted) > width - 3) fitted -= 0.5;
  page.drawText(text, { x: x + 1.5, y, size: fitted, font, color });
}

/** Choice questions in column blocks of at most `rows` rows; returns the y below them. */
function choiceTable(page: PDFPage, font: PDFFont, card: SlipCard, student: SlipStudent, t: SlipText, top: number): number {
  const n = card.questions.length;
  if (n === 0) return top;
  page.drawText(t('slips.choiceHeading'), { x: MARGIN, y: top - 11, size: 11, font });
  top -= 18;
  const blocks = n <= 20 ? 2 : Math.min(5, Math.max(3, Math.ceil(n / 30)));
  const rows = Math.ceil(n / blocks);
  // A very long key packs its rows closer rather than leaving the page (100 px kept for the written part).
  const ROW = Math.max(7, Math.min(ROW_HEIGHT, (top - MARGIN - 100) / (rows + 1)));
  const blockWidth = (SLIP_PAGE.w - 2 * MARGIN - (blocks - 1) * BLOCK_GAP) / blocks;
  const widths = [0.2, 0.28, 0.28, 0.24].map((share) => share * blockWidth);
  const heads = [t('slips.colQuestion'), t('slips.colAnswer'), t('slips.colKey'), t('slips.colPoints')];
  for (let b = 0; b < blocks; b++) {
    const left = MARGIN + b * (blockWidth + BLOCK_GAP);
    page.drawRectangle({ x: left, y: top - ROW, width: blockWidth, height: ROW, color: rgb(0.92, 0.92, 0.92) });
    let x = left;
    heads.forEach((head, i) => {
      cell(page, font, head, x, top - ROW + 3, widths[i]);
      x += widths[i];
    });
    card.questions.slice(b * rows, (b + 1) * rows).forEach((question, r) => {
      const y = top - ROW * (r + 2);
      const answer = student.answers[question.q] ?? { marked: [], points: null };
      const verdict = verdictOf(answer.points, question.max);
      const values = [
        question.showno,
        answer.marked.length ? answer.marked.join('') : t('slips.blank'),
        question.max === null ? '—' : question.key.join(''),
        verdict === 'none' ? t('slips.notCounted') : `${pointsText(answer.points ?? 0)}/${pointsText(question.max!)}`,
      ];
      let cx = left;
      values.forEach((value, i) => {
        cell(page, font, value, cx, y + 3, widths[i], i === 1 || i === 3 ? SLIP_COLOURS[verdict] : rgb(0, 0, 0));
        cx += widths[i];
      });
      page.drawLine({ start: { x: left, y }, end: { x: left + blockWidth, y }, thickness: 0.4, color: LINE });
    });
  }
  return top - ROW * (rows + 1) - 14;
}

/** Written questions, one row each; the notes get fewer lines, then rows are left out, until they fit above `bottom`. */
function writtenTable(page: PDFPage, font: PDFFont, card: SlipCard, student: SlipStudent, t: SlipText, top: number, bottom: number): void {
  if (card.written.length === 0) return;
  const ROW = ROW_HEIGHT;
  page.drawText(t('slips.writtenHeading'), { x: MARGIN, y: top - 11, size: 11, font });
  top -= 18;
  const width = SLIP_PAGE.w - 2 * MARGIN;
  const cols = [0.1, 0.16, 0.74].map((share) => share * width);
  const noteLines = (q: number, max: number) => {
    const grade = student.written[q];
    if (!grade) return [];
    const notes = [...grade.items.map((i) => `${i.points > 0 ? '+' : ''}${pointsText(i.points)} ${i.description}`), ...(grade.comment ? [grade.comment] : [])];
    return notes.length ? wrapText(font, notes.join('\n'), TEXT, cols[2] - 4, max) : [];
  };
  let maxLines = 6;
  const height = (lines: number) => ROW * Math.max(1, lines) + 2;
  const total = () => card.written.reduce((sum, w) => sum + height(noteLines(w.q, maxLines).length), ROW);
  while (maxLines > 1 && top - total() < bottom) maxLines -= 1;
  page.drawRectangle({ x: MARGIN, y: top - ROW, width, height: ROW, color: rgb(0.92, 0.92, 0.92) });
  let x = MARGIN;
  [t('slips.colQuestion'), t('slips.colPoints'), t('slips.colFeedback')].forEach((head, i) => {
    cell(page, font, head, x, top - ROW + 3, cols[i]);
    x += cols[i];
  });
  let y = top - ROW;
  for (const [index, question] of card.written.entries()) {
    const lines = noteLines(question.q, maxLines);
    const h = height(lines.length);
    if (y - h < bottom) {
      cell(page, font, t('slips.more', { count: card.written.length - index }), MARGIN, y - ROW + 3, width);
      return;
    }
    const grade = student.written[question.q];
    const points = grade && grade.points !== null ? grade.points : null;
    const verdict = points === null ? 'none' : verdictOf(points, question.max);
    const label = points === null ? t('slips.notGraded') : `${pointsText(points)}/${question.max === null ? '—' : pointsText(question.max)}`;
    cell(page, font, question.showno, MARGIN, y - ROW + 3, cols[0]);
    cell(page, font, label, MARGIN + cols[0], y - ROW + 3, cols[1], SLIP_COLOURS[points === null ? 'wrong' : verdict]);
    lines.forEach((line, i) => page.drawText(line, { x: MARGIN + cols[0] + cols[1] + 1.5, y: y - ROW * (i + 1) + 3, size: TEXT, font }));
    y -= h;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.4, color: LINE });
  }
}

export function drawSummary(doc: PDFDocument, font: PDFFont, card: SlipCard, student: SlipStudent, t: SlipText): void {
  const page = doc.addPage([SLIP_PAGE.w, SLIP_PAGE.h]);
  let y = SLIP_PAGE.h - MARGIN;
  const title = t('slips.title', { title: card.title });
  const titleSize = Math.min(16, (16 * (SLIP_PAGE.w - 2 * MARGIN)) / font.widthOfTextAtSize(title, 16));
  page.drawText(title, { x: MARGIN, y: y - titleSize, size: titleSize, font });
  y -= titleSize + 10;
  const who = t('slips.student', { className: student.className, seat: student.seat ?? '—', number: student.number, name: student.name });
  page.drawText(who, { x: MARGIN, y: y - 11, size: Math.min(11, (11 * (SLIP_PAGE.w - 2 * MARGIN)) / font.widthOfTextAtSize(who, 11)), font });
  y -= 24;
  const total = t('slips.total', { total: pointsText(student.total), max: pointsText(card.maxScore) });
  page.drawText(total, { x: MARGIN, y: y - 18, size: 18, font, color: SLIP_COLOURS.wrong });
  const parts = [
    t('slips.choice', { points: pointsText(student.choiceTotal), max: pointsText(card.choiceMax) }),
    t('slips.written', { points: pointsText(student.writtenTotal), max: pointsText(card.writtenMax) }),
    ...(student.rank !== null ? [t('slips.rank', { rank: student.rank, size: card.classSize })] : []),
  ].join('　');
  page.drawText(parts, { x: MARGIN + font.widthOfTextAtSize(total, 18) + 16, y: y - 16, size: 10, font });
  y -= 34;
  y = choiceTable(page, font, card, student, t, y);
  writtenTable(page, font, card, student, t, y, MARGIN);
}
