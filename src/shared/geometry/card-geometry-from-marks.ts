import {
  A4_PT,
  PT_PER_CSS_PX,
  ZCardGeometryV2,
  ZQuestionKind,
  type CardGeometryV2,
  type DigitBubble,
  type HeaderFields,
  type Rect,
} from './card-geometry';
import { DIGIT_FIELDS, OMR_KIND, TEXT_FIELDS } from './markup-attributes';
import type { RawMark } from './measure-marks';
import { layoutId } from './page-code';
import { scoreBubblesForLayout, scoreFieldsFromMarks } from './score-fields-from-marks';
import { PAGE_CODE_MODULE_MM, PAGE_CODE_RECT, PT_PER_MM, SCAN_MARKS } from './scan-layout';

// Hundredths of a point (0.0035 mm) are far below what a printer or a scanner resolves.
const toPt = (px: number): number => Math.round(px * PT_PER_CSS_PX * 100) / 100;
const rectOf = (mark: RawMark): Rect => ({ x: toPt(mark.x), y: toPt(mark.y), w: toPt(mark.w), h: toPt(mark.h) });
// A missing or empty attribute must fail validation, not become 0 the way Number(null) would.
const int = (value: string | null): number => (value === null || value.trim() === '' ? Number.NaN : Number(value));
const isTextField = (field: string): field is (typeof TEXT_FIELDS)[number] => (TEXT_FIELDS as readonly string[]).includes(field);
const isDigitField = (field: string): field is keyof typeof DIGIT_FIELDS => Object.hasOwn(DIGIT_FIELDS, field);

/**
 * The canonical geometry map (docs/omr-geometry.md) from the marks of one render. A mark the
 * contract does not know, a header field off page 1 or twice, or a mark without size is an error:
 * the map is what scanners trust, so a renderer bug must fail the conversion, not print a wrong map.
 */
export function cardGeometryFromMarks(marks: readonly RawMark[], pages: number): CardGeometryV2 {
  const geometry: CardGeometryV2 = {
    version: 2,
    page: { w: A4_PT.w, h: A4_PT.h },
    pages,
    bubbles: [],
    groups: [],
    header: null,
    layout: '0000',
    marks: SCAN_MARKS.map((m) => ({ corner: m.corner, center: { ...m.center }, rect: { ...m.rect } })),
    pageCode: { rect: { ...PAGE_CODE_RECT }, module: Math.round(PAGE_CODE_MODULE_MM * PT_PER_MM * 100) / 100 },
  };
  const header: HeaderFields = { gradeBubbles: [], classBubbles: [], seatBubbles: [] };
  const scoreMarks: RawMark[] = [];
  for (const mark of marks) {
    if (mark.omr === OMR_KIND.bubble) {
      geometry.bubbles.push({ page: mark.page, q: int(mark.q), value: mark.value ?? '', showno: mark.showno ?? '', rect: rectOf(mark) });
    } else if (mark.omr === OMR_KIND.group) {
      // Markup made by hand (not the shared renderer) may say nothing of the kind; a wrong kind is an error.
      const kind = mark.qkind === null ? undefined : ZQuestionKind.safeParse(mark.qkind);
      if (kind && !kind.success) throw new Error(`group ${mark.q} on page ${mark.page} has data-qkind="${mark.qkind}"`);
      geometry.groups.push({ page: mark.page, q: int(mark.q), showno: mark.showno ?? '', rect: rectOf(mark), ...(kind ? { kind: kind.data } : {}) });
    } else if (mark.omr === OMR_KIND.scoreField || mark.omr === OMR_KIND.scoreBubble) {
      scoreMarks.push(mark);
    } else if (mark.omr !== null) {
      throw new Error(`unknown data-omr="${mark.omr}" on page ${mark.page}`);
    }
    if (mark.field === null) continue;
    if (mark.page !== 1) throw new Error(`header field "${mark.field}" on page ${mark.page}; header fields belong on page 1`);
    geometry.header = header;
    if (isTextField(mark.field)) {
      if (header[mark.field]) throw new Error(`header field "${mark.field}" appears twice`);
      header[mark.field] = rectOf(mark);
    } else if (isDigitField(mark.field)) {
      const bubble: DigitBubble = { column: int(mark.column), digit: int(mark.digit), rect: rectOf(mark) };
      header[DIGIT_FIELDS[mark.field]].push(bubble);
    } else {
      throw new Error(`unknown data-field="${mark.field}"`);
    }
  }
  const scoreFields = scoreFieldsFromMarks(scoreMarks, geometry.groups, rectOf);
  // Only maps that have score fields carry the key, so every other map stays as it was.
  if (scoreFields.length > 0) geometry.scoreFields = scoreFields;
  geometry.layout = layoutId([...geometry.bubbles, ...scoreBubblesForLayout(scoreFields)]);
  const parsed = ZCardGeometryV2.safeParse(geometry);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`geometry does not fit the contract at ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}
