import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Placement } from './slip-placement';
import { placeRect, SLIP_PAGE } from './slip-placement';
import type { SlipCard, SlipStudent, SlipText } from './slip-types';
import { wrapText } from './wrap-text';

// The marks a slip draws over a student's scanned page (docs/grading.md "Slips"): every choice
// question's correct options ringed in green, a wrong mark crossed in red, a verdict and the points
// at the row's right end; each written answer's points, rubric items and comment in its area; the
// student and the total along the top edge. Colours a greyscale scan never has, so nothing is
// mistaken for the student's own ink.

export const SLIP_COLOURS = { right: rgb(0.05, 0.55, 0.2), wrong: rgb(0.85, 0.1, 0.1), partial: rgb(0.9, 0.5, 0), none: rgb(0.45, 0.45, 0.45) } as const;
type Verdict = keyof typeof SLIP_COLOURS;

/** Points as people write them: 8, 7.5, 1.2. */
export const pointsText = (n: number): string => String(Math.round(n * 100) / 100);

export function verdictOf(points: number | null, max: number | null): Verdict {
  if (points === null || max === null) return 'none';
  if (points >= max) return 'right';
  return points > 0 ? 'partial' : 'wrong';
}

function cross(page: PDFPage, cx: number, cy: number, r: number, color: RGB, thickness = 1.3): void {
  page.drawLine({ start: { x: cx - r, y: cy - r }, end: { x: cx + r, y: cy + r }, thickness, color });
  page.drawLine({ start: { x: cx - r, y: cy + r }, end: { x: cx + r, y: cy - r }, thickness, color });
}

function check(page: PDFPage, cx: number, cy: number, r: number, color: RGB): void {
  page.drawLine({ start: { x: cx - r, y: cy }, end: { x: cx - r * 0.3, y: cy - r * 0.8 }, thickness: 1.5, color });
  page.drawLine({ start: { x: cx - r * 0.3, y: cy - r * 0.8 }, end: { x: cx + r, y: cy + r }, thickness: 1.5, color });
}

/**
 * A white, mostly opaque card under a note: the teacher's words stay legible where they land on
 * the student's writing (a full answer area leaves no empty corner), and the writing still shows
 * faintly through it, as under a sticky note. The student keeps the paper itself.
 */
function backing(page: PDFPage, x: number, y: number, width: number, height: number): void {
  page.drawRectangle({ x, y, width, height, color: rgb(1, 1, 1), opacity: 0.85, borderColor: SLIP_COLOURS.wrong, borderWidth: 0.4, borderOpacity: 0.6 });
}

/** One question's verdict mark and points, right-aligned at `right`, centred on `cy`. */
function verdictMark(page: PDFPage, font: PDFFont, right: number, cy: number, verdict: Verdict, label: string): void {
  const size = 8;
  const color = SLIP_COLOURS[verdict];
  const width = font.widthOfTextAtSize(label, size);
  page.drawText(label, { x: right - width, y: cy - size * 0.35, size, font, color });
  const mx = right - width - 8;
  if (verdict === 'right' || verdict === 'partial') check(page, mx, cy, 4, color);
  else if (verdict === 'wrong') cross(page, mx, cy, 3.5, color);
}

const firstGroup = (card: SlipCard, cardPage: number, q: number) => card.map.groups.find((g) => g.page === cardPage && g.q === q);

/** The choice questions of this card page: rings, crosses, verdicts and points. */
function markChoices(page: PDFPage, font: PDFFont, at: Placement, card: SlipCard, student: SlipStudent, cardPage: number, t: SlipText): void {
  for (const question of card.questions) {
    const group = firstGroup(card, cardPage, question.q);
    if (!group) continue;
    const answer = student.answers[question.q] ?? { marked: [], points: null };
    for (const bubble of card.map.bubbles.filter((b) => b.page === cardPage && b.q === question.q)) {
      const r = placeRect(at, bubble.rect);
      const cx = r.x + r.w / 2;
      const cy = r.y + r.h / 2;
      if (question.max !== null && question.key.includes(bubble.value)) {
        page.drawEllipse({ x: cx, y: cy, xScale: r.w / 2 + 1.8, yScale: r.h / 2 + 1.8, borderColor: SLIP_COLOURS.right, borderWidth: 1.2 });
      } else if (answer.marked.includes(bubble.value) && question.max !== null) {
        cross(page, cx, cy, Math.min(r.w, r.h) / 2 + 1, SLIP_COLOURS.wrong);
      }
    }
    const verdict = verdictOf(answer.points, question.max);
    const label = verdict === 'none' ? t('slips.notCounted') : `${pointsText(answer.points ?? 0)}/${pointsText(question.max!)}`;
    const row = placeRect(at, group.rect);
    verdictMark(page, font, row.x + row.w - 3, row.y + row.h / 2, verdict, label);
  }
}

/** Each written answer of this card page: its points large at the area's bottom right, the rubric items and comment beside them. */
function markWritten(page: PDFPage, font: PDFFont, at: Placement, card: SlipCard, student: SlipStudent, cardPage: number, t: SlipText): void {
  for (const question of card.written) {
    const group = firstGroup(card, cardPage, question.q);
    if (!group) continue;
    const grade = student.written[question.q];
    const area = placeRect(at, group.rect);
    const graded = grade && grade.points !== null;
    const verdict = graded && question.max !== null ? verdictOf(grade.points, question.max) : 'none';
    const big = graded ? `${pointsText(grade.points!)} / ${question.max === null ? '—' : pointsText(question.max)}` : t('slips.notGraded');
    const size = graded ? 14 : 10;
    const width = font.widthOfTextAtSize(big, size);
    backing(page, area.x + area.w - width - 8, area.y + 2, width + 4, size + 4);
    page.drawText(big, { x: area.x + area.w - width - 6, y: area.y + 5, size, font, color: SLIP_COLOURS[verdict === 'none' ? 'wrong' : verdict] });
    if (!grade) continue;
    const notes = [...grade.items.map((item) => `${item.points > 0 ? '+' : ''}${pointsText(item.points)} ${item.description}`), ...(grade.comment ? [grade.comment] : [])];
    if (notes.length === 0) continue;
    const noteSize = 8;
    const lineHeight = noteSize * 1.3;
    const room = Math.max(1, Math.floor((area.h - 8) / lineHeight));
    const lines = wrapText(font, notes.join('\n'), noteSize, area.w - width - 60, room);
    const widest = Math.max(...lines.map((line) => font.widthOfTextAtSize(line, noteSize)));
    backing(page, area.x + 38, area.y + 2, widest + 4, lines.length * lineHeight + 3);
    lines.forEach((line, i) => {
      page.drawText(line, { x: area.x + 40, y: area.y + 5 + (lines.length - 1 - i) * lineHeight, size: noteSize, font, color: SLIP_COLOURS.wrong });
    });
  }
}

/** The student and the total in the strip above the registration marks. */
function markHeader(page: PDFPage, font: PDFFont, card: SlipCard, student: SlipStudent, t: SlipText): void {
  const text = t('slips.pageHeader', { name: student.name, number: student.number, className: student.className, total: pointsText(student.total), max: pointsText(card.maxScore) });
  // A long name or class shrinks the line to 60 % of the page's width, clear of the corner marks.
  const size = Math.min(9, (9 * SLIP_PAGE.w * 0.6) / font.widthOfTextAtSize(text, 9));
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (SLIP_PAGE.w - width) / 2, y: SLIP_PAGE.h - 13, size, font, color: SLIP_COLOURS.wrong });
}

export function markScanPage(page: PDFPage, font: PDFFont, at: Placement, card: SlipCard, student: SlipStudent, cardPage: number, t: SlipText): void {
  markChoices(page, font, at, card, student, cardPage, t);
  markWritten(page, font, at, card, student, cardPage, t);
  markHeader(page, font, card, student, t);
}
