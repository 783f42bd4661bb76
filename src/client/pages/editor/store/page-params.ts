import type { PageParams } from '../../../../shared/card/page-document';
import { cardGeometryFromMarks } from '../../../../shared/geometry/card-geometry-from-marks';
import { MARK_ATTRIBUTES, measureMarksInPage } from '../../../../shared/geometry/measure-marks';

// A save's params.selectlist / params.grouplist (page-editor.md §3): the answer regions measured on
// the canvas in PDF points from the page's top-left corner, by the same measurer and conversion
// the PDF worker uses for the canonical map (docs/omr-geometry.md), so the two never disagree.

/** Set on the canvas while a save measures it: the editor-only areas that take room (an empty column's drop area) are taken out. */
export const MEASURING_CLASS = 'acs-measuring';

/** `scope` is the canvas element whose direct child is the page's `<section data-card-page>`. */
export function measurePageParams(scope: HTMLElement, page: number): PageParams {
  scope.classList.add(MEASURING_CLASS);
  let measured: ReturnType<typeof measureMarksInPage>;
  try {
    measured = measureMarksInPage(MARK_ATTRIBUTES, scope);
  } finally {
    scope.classList.remove(MEASURING_CLASS);
  }
  const { marks } = measured;
  const geometry = cardGeometryFromMarks(marks, page);
  const params: PageParams = { selectlist: {}, grouplist: {} };
  for (const { q, value, showno, rect } of geometry.bubbles) {
    // A sub-question shares its question's number; its bubbles are listed under it (see card-renderer.md, open point).
    (params.selectlist[String(q)] ??= {})[value] = { h: rect.h, w: rect.w, x: rect.x, y: rect.y, value, showno };
  }
  for (const { q, showno, rect } of geometry.groups) {
    if (!params.grouplist[String(q)]) params.grouplist[String(q)] = { h: rect.h, w: rect.w, x: rect.x, y: rect.y, showno };
  }
  return params;
}
