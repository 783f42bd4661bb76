import * as markup from './markup-attributes';

/** One machine-read element as the browser laid it out, in CSS px from its page's top-left corner. */
export interface RawMark {
  page: number;
  omr: string | null;
  field: string | null;
  q: string | null;
  value: string | null;
  showno: string | null;
  qkind: string | null;
  column: string | null;
  digit: string | null;
  /** data-max of a score field; absent from marks made before score fields. */
  max?: string | null;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The attribute names, passed in because this function runs in the page and cannot import. */
export interface MarkAttributes {
  page: string;
  omr: string;
  field: string;
  q: string;
  value: string;
  showno: string;
  qkind: string;
  column: string;
  digit: string;
  max: string;
}

/** The contract's attribute names (src/shared/geometry/markup-attributes.ts), handed into the page. */
export const MARK_ATTRIBUTES: MarkAttributes = {
  page: markup.PAGE_ATTR,
  omr: markup.OMR_ATTR,
  field: markup.FIELD_ATTR,
  q: markup.Q_ATTR,
  value: markup.VALUE_ATTR,
  showno: markup.SHOWNO_ATTR,
  qkind: markup.QKIND_ATTR,
  column: markup.COLUMN_ATTR,
  digit: markup.DIGIT_ATTR,
  max: markup.MAX_ATTR,
};

/**
 * Runs inside the rendered page (Playwright's utility world, which works with the content's
 * JavaScript disabled). Border boxes are taken relative to each page section, so stacking the
 * pages in one document does not shift their coordinates. The page editor measures its canvas
 * with it too (`scope` = the canvas element holding the page's section), so a save's params and
 * the PDF's map come from one measurer. `clipped` counts the answer and score bubbles that a box
 * which clips its content (a split cell, a base, a free-answer area) cuts into: they would be in
 * the map but not on paper.
 */
export function measureMarksInPage(attrs: MarkAttributes, scope: ParentNode = document.body): { sections: number; marks: RawMark[]; clipped: number } {
  const marks: RawMark[] = [];
  let clipped = 0;
  // Only the body's own sections: markup inside a page cannot pose as another page, and a page
  // left unclosed (which swallows the next) shows as a missing section.
  const sections = Array.from(scope.querySelectorAll(`:scope > section[${attrs.page}]`));
  for (const section of sections) {
    const origin = section.getBoundingClientRect();
    const page = Number(section.getAttribute(attrs.page));
    for (const el of Array.from(section.querySelectorAll(`[${attrs.omr}],[${attrs.field}]`))) {
      const box = el.getBoundingClientRect();
      // Answer and score bubbles alike: a bubble cut off would be in the map but not whole on paper.
      const omr = el.getAttribute(attrs.omr);
      if (omr === 'bubble' || omr === 'score') {
        for (let up = el.parentElement; up && up !== section.parentElement; up = up.parentElement) {
          if (getComputedStyle(up).overflow === 'visible') continue;
          const clip = up.getBoundingClientRect();
          if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5 || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) {
            clipped += 1;
            break;
          }
        }
      }
      marks.push({
        page,
        omr: el.getAttribute(attrs.omr),
        field: el.getAttribute(attrs.field),
        q: el.getAttribute(attrs.q),
        value: el.getAttribute(attrs.value),
        showno: el.getAttribute(attrs.showno),
        qkind: el.getAttribute(attrs.qkind),
        column: el.getAttribute(attrs.column),
        digit: el.getAttribute(attrs.digit),
        max: el.getAttribute(attrs.max),
        x: box.left - origin.left,
        y: box.top - origin.top,
        w: box.width,
        h: box.height,
      });
    }
  }
  return { sections: sections.length, marks, clipped };
}
