import type { ScoreReading } from '../../../src/scan/page-reading';
import type { CardGeometryV2, Rect, ScoreColumn, ScoreField } from '../../../src/shared/geometry/card-geometry';
import { drawPencil, stroke, type Rng } from './pencil';
import type { RasterCanvas } from './raster-canvas';

/**
 * A grading teacher's marks in the score fields (閱卷給分格, docs/omr-geometry.md "Score fields"),
 * and what a correct reader must report per question (src/scan/score-fields.ts). The teacher gives
 * points 0…max (halves where the field has a .5 bubble) and marks them in pencil or pen, quickly:
 * full fills, hurried partial fills, blue pen, a dense hatching of short strokes; 7 is marked in the
 * units row with the tens left blank or at 0, as teachers do. Some fields go wrong the ways a
 * person must look at: left blank (not graded on paper: `blank`), only the tens marked
 * (`incomplete`), two marks in one row (`multiple`), digits adding up over the maximum
 * (`over-max`), a stray faint mark beside the real one (`ambiguous`, or read as the real one).
 */
export type ScoreRates = { blank: number; incomplete: number; multiple: number; overMax: number; faint: number; partBlank: number };
export const TEACHER_RATES: ScoreRates = { blank: 0.03, incomplete: 0.015, multiple: 0.015, overMax: 0.01, faint: 0.02, partBlank: 0.1 };

/** `ignoring`: a faint stray mark's intent is unknowable, so the reader may flag it or read the real mark — never a wrong number. */
export type ExpectedScore = { q: number; status: 'ok' | 'blank' | 'review'; points: number | null; reason?: string; ignoring?: { status: 'ok'; points: number } };
export type TeacherMark = { rect: Rect; kind: 'fill' | 'partial' | 'pen' | 'hatch' | 'faint' };
export type TeacherSheet = { marks: Map<number, TeacherMark[]>; expected: Map<number, ExpectedScore[]> };

const STROKES: [TeacherMark['kind'], number][] = [['fill', 0.5], ['partial', 0.2], ['pen', 0.15], ['hatch', 0.15]];

function strokeKind(rng: Rng): TeacherMark['kind'] {
  let r = rng();
  for (const [kind, share] of STROKES) if ((r -= share) < 0) return kind;
  return 'fill';
}

const bubble = (field: ScoreField, column: ScoreColumn, points: number) => field.bubbles.find((b) => b.column === column && b.points === points);
const columns = (field: ScoreField) => new Set(field.bubbles.map((b) => b.column));

/** The marks that give `points` in a field (null when the layout cannot give them). */
function marksFor(field: ScoreField, points: number, rng: Rng): Rect[] | null {
  const whole = Math.floor(points);
  const half = points - whole === 0.5;
  const rects: Rect[] = [];
  if (half) {
    const b = bubble(field, 'half', 0.5);
    if (!b) return null;
    rects.push(b.rect);
  }
  if (columns(field).has('points')) {
    // 0.5 alone: the .5 bubble only, or with 0 marked.
    if (whole === 0 && half && rng() < 0.5) return rects;
    const b = bubble(field, 'points', whole);
    return b ? [...rects, b.rect] : null;
  }
  const tens = Math.floor(whole / 10) * 10;
  const units = bubble(field, 'units', whole - tens);
  if (!units) return null;
  if (whole === 0 && half && rng() < 0.5) return rects;
  // Under 10 a teacher may leave the tens blank (read as 0) or mark its 0.
  if (tens > 0 || rng() < 0.5) {
    const t = bubble(field, 'tens', tens);
    if (!t) return null;
    rects.push(t.rect);
  }
  return [...rects, units.rect];
}

/** Points a field can give: 0…max in the field's steps. */
function drawPoints(field: ScoreField, rng: Rng): number {
  const step = columns(field).has('half') ? 0.5 : 1;
  return Math.floor(rng() * (field.max / step + 1)) * step;
}

export function planScores(map: CardGeometryV2, rng: Rng, rates: ScoreRates): TeacherSheet {
  const marks = new Map<number, TeacherMark[]>();
  const expected = new Map<number, ExpectedScore[]>();
  const byQ = new Map<number, ScoreField[]>();
  for (const f of map.scoreFields ?? []) byQ.set(f.q, [...(byQ.get(f.q) ?? []), f]);
  for (const [q, fields] of byQ) {
    const page = fields[0].page;
    const add = (rect: Rect, kind: TeacherMark['kind']) => marks.set(page, [...(marks.get(page) ?? []), { rect, kind }]);
    const kind = strokeKind(rng); // one teacher, one hand for the question
    let r = rng();
    let e: ExpectedScore;
    const digits = fields.find((f) => columns(f).has('tens'));
    if (r < rates.blank) e = { q, status: 'blank', points: null };
    else if ((r -= rates.blank) < rates.incomplete && digits) {
      // Tens marked, units forgotten.
      add(bubble(digits, 'tens', 10)!.rect, kind);
      e = { q, status: 'review', points: null, reason: 'incomplete' };
    } else if ((r -= rates.incomplete) < rates.multiple) {
      // Two marks in one row: a change of mind not erased.
      const f = fields[0];
      const row = f.bubbles.filter((b) => b.column === (columns(f).has('points') ? 'points' : 'units'));
      const [a, b] = [row[Math.floor(rng() * row.length)], row[Math.floor(rng() * row.length)]];
      add(a.rect, kind);
      if (b !== a) add(b.rect, kind);
      else add(row[(row.indexOf(a) + 1) % row.length].rect, kind);
      e = { q, status: 'review', points: null, reason: 'multiple' };
    } else if (r - rates.multiple < rates.overMax && digits && digits.max < Math.max(...digits.bubbles.filter((b) => b.column === 'tens').map((b) => b.points)) + 9) {
      // Digits adding up over the maximum (15 for a 0…15 field: tens 10 and units 9).
      add(bubble(digits, 'tens', Math.max(...digits.bubbles.filter((b) => b.column === 'tens').map((b) => b.points)))!.rect, kind);
      add(bubble(digits, 'units', 9)!.rect, kind);
      e = { q, status: 'review', points: null, reason: 'over-max' };
    } else {
      // Graded: each field its points; a question with two fields may have one left blank (incomplete).
      let total = 0;
      let blankPart = false;
      for (const [i, f] of fields.entries()) {
        if (fields.length > 1 && i > 0 && rng() < rates.partBlank) {
          blankPart = true;
          continue;
        }
        const points = drawPoints(f, rng);
        for (const rect of marksFor(f, points, rng) ?? []) add(rect, kind);
        total += points;
      }
      e = blankPart ? { q, status: 'review', points: null, reason: 'incomplete' } : { q, status: 'ok', points: total };
      if (!blankPart && rng() < rates.faint) {
        // A faint stray mark on another bubble of the first field.
        const used = new Set((marks.get(page) ?? []).map((m) => m.rect));
        const free = fields[0].bubbles.filter((b) => !used.has(b.rect));
        if (free.length) {
          add(free[Math.floor(rng() * free.length)].rect, 'faint');
          e = { q, status: 'review', points: null, reason: 'ambiguous', ignoring: { status: 'ok', points: total } };
        }
      }
    }
    expected.set(page, [...(expected.get(page) ?? []), e]);
  }
  return { marks, expected };
}

/** A teacher's mark: pencil and pen as drawPencil makes them; `hatch` a quick dense zigzag of short strokes over the bubble. */
export function drawTeacherMark(canvas: RasterCanvas, mark: TeacherMark, rng: Rng): void {
  if (mark.kind !== 'hatch') return drawPencil(canvas, mark.rect, mark.kind, rng);
  const { x, y, w, h } = mark.rect;
  const lines = 6 + Math.floor(rng() * 3);
  const grey = 45 + rng() * 45;
  const tilt = (rng() - 0.5) * 0.3 * h;
  const points = Array.from({ length: lines + 1 }, (_, i) => ({ x: x + w * (i % 2 ? 0.92 : 0.08) + (rng() - 0.5) * 0.1 * w, y: y + h * (0.1 + (0.8 * i) / lines) + (i % 2 ? tilt : -tilt) / lines }));
  stroke(canvas, points, Math.max(1.4, h / lines + 0.4), grey, 18, rng);
}

/**
 * How a reading of a question's score fields compares with what the teacher did: `right` (the
 * points, blank, or review where review was due), `flagged` (review where the points were plain:
 * a person looks, nothing is wrong), `wrong` (points — or blank — other than the teacher's: the
 * error that must never happen).
 */
export function scoreVerdict(e: ExpectedScore, read: ScoreReading | undefined): 'right' | 'flagged' | 'wrong' {
  if (!read) return 'wrong';
  if (read.status === e.status && (read.status !== 'ok' || read.points === e.points)) return 'right';
  if (e.ignoring && read.status === 'ok' && read.points === e.ignoring.points) return 'right';
  if (read.status === 'review') return 'flagged';
  return 'wrong';
}
