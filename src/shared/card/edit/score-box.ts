import { scoreFieldRows } from '../../geometry/score-field-layout';
import type { DialogCheck } from '../dialog-input';
import { fieldNumber } from '../dialog-input';
import { isMessageKey } from '../../i18n/translate';
import { scoreFieldHeightPx } from '../render/render-constants';
import { ZScoreBox, type ScoreBox } from '../row-blocks';
import { isCell, type EditNode } from './block-tree';

// The score-field dialog (閱卷給分格, docs/editor.md "Score fields") and its transform: a free
// answer prints the field or not, with its maximum and .5 bubble; the block grows to hold it.

/** The dialog's fields as typed. */
export interface ScoreBoxForm {
  enabled: boolean;
  max: string;
  half: boolean;
}

export function scoreBoxForm(box: ScoreBox | undefined, defaultMax: number): ScoreBoxForm {
  return box ? { enabled: true, max: String(box.max), half: box.half } : { enabled: true, max: String(defaultMax), half: false };
}

/** null: no field. A max is checked by the block schema's own rule and messages. */
export function checkScoreBox(form: ScoreBoxForm): DialogCheck<ScoreBox | null> {
  if (!form.enabled) return { ok: true, value: null };
  const parsed = ZScoreBox.safeParse({ max: fieldNumber(form.max), half: form.half });
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues[0]?.message ?? '';
  return { ok: false, message: isMessageKey(message) ? message : 'card.block.incomplete' };
}

/** The least height a free answer needs for its field: the field's rows and frame, and the row's 1 px bottom line. */
export function scoreBoxMinHeight(box: ScoreBox): number {
  const rows = scoreFieldRows(box.max, box.half).filter((row) => row.column !== 'half').length;
  return scoreFieldHeightPx(rows) + 1;
}

/** Sets or removes a free answer's field; a block too low for it grows to hold it (the layout guard checks the page). */
export function applyScoreBox(node: EditNode, box: ScoreBox | null): EditNode {
  if (isCell(node) || node.kind !== 'freeAnswer') return node;
  if (!box) {
    const { scoreBox: _removed, ...rest } = node;
    return rest;
  }
  return { ...node, scoreBox: box, height: Math.max(node.height, scoreBoxMinHeight(box)) };
}
