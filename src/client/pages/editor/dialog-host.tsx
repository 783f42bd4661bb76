import { HEIGHT_STEP_PX } from '../../../shared/card/constants';
import { isCell, locate, type EditNode } from '../../../shared/card/edit/block-tree';
import {
  applyAlign,
  applyBorder,
  applyChars,
  applyChoice,
  applyEqualColumns,
  applyHeight,
  applyNumbering,
  applyRatio,
  applySubQuestions,
  heightOf,
} from '../../../shared/card/edit/block-transforms';
import { insertBlocks, renewIds, updateBlock } from '../../../shared/card/edit/page-edits';
import { allIds } from '../../../shared/card/edit/block-tree';
import { AlignDialog } from './dialogs/align-dialog';
import { BorderDialog } from './dialogs/border-dialog';
import { CharCountDialog } from './dialogs/char-count-dialog';
import { ChildQuestionDialog } from './dialogs/child-question-dialog';
import { ChoiceDialog } from './dialogs/choice-dialog';
import { EqualColumnsDialog } from './dialogs/equal-columns-dialog';
import { FieldHeightDialog } from './dialogs/field-height-dialog';
import { ImageHeightDialog } from './dialogs/image-height-dialog';
import { RatioDialog } from './dialogs/ratio-dialog';
import { ScoreBoxDialog } from './dialogs/score-box-dialog';
import { applyScoreBox } from '../../../shared/card/edit/score-box';
import { SubQuestionDialog } from './dialogs/sub-question-dialog';
import type { EditStore } from './store/use-edit-store';
import type { DialogRequest } from './store/use-editor-actions';
import { TitleDialog } from './title-dialog';

interface Props {
  request: DialogRequest | null;
  store: EditStore;
  page: number;
  /** The height of the area the block sits in, measured on the canvas. */
  roomFor: (id: string) => number;
  /** Question rows that still fit where the block is (issue 15: capacity before confirming). */
  rowsLeftFor?: (id: string) => number;
  onDone: () => void;
}

/** Opens the dialog a toolbar button or a freshly placed generator block asks for, and applies its value. */
export function DialogHost({ request, store, page, roomFor, rowsLeftFor, onDone }: Props) {
  const node = request ? locate(store.state.components, request.id)?.node : undefined;
  if (!request || !node || isCell(node)) return null;
  const { id, fresh } = request;

  const close = () => {
    // A generator block closed while still empty goes away (page-editor.md §4).
    if (fresh) store.revert();
    onDone();
  };
  const confirm = (change: (n: EditNode) => EditNode) => {
    // The header is never selected (page-editor.md §3), even after its title changed.
    store.apply(updateBlock(store.state.components, id, change), fresh ? 'add' : 'update', node.kind === 'header' ? store.state.selectedId : id, fresh);
    onDone();
  };
  const common = { open: true, onClose: close };

  switch (request.name) {
    case 'subQuestion':
      return (
        <SubQuestionDialog
          {...common}
          context={{ page, rowsLeft: fresh ? rowsLeftFor?.(id) : undefined }}
          initial={!fresh && node.kind === 'subQuestionGroup' ? { options: node.options, count: node.items.length } : undefined}
          onConfirm={(v) => confirm((n) => applySubQuestions(n, v, store.newId()))}
        />
      );
    case 'choice': {
      const multiplies = fresh && node.kind === 'multiChoice';
      return (
        <ChoiceDialog
          {...common}
          context={{ withCount: multiplies, page, rowsLeft: multiplies ? rowsLeftFor?.(id) : undefined }}
          initial={!fresh && 'options' in node ? { options: node.options } : undefined}
          onConfirm={(v) => {
            if (!multiplies || !v.count || v.count <= 1) return confirm((n) => applyChoice(n, v.options));
            // A freshly placed multi choice becomes `count` questions of these options.
            const first = updateBlock(store.state.components, id, (n) => applyChoice(n, v.options));
            if (!first.ok) return confirm((n) => n);
            const taken = allIds(first.components);
            const at = locate(first.components, id);
            const copies = Array.from({ length: v.count - 1 }, () => renewIds(structuredClone(at!.node), taken));
            // The last question is selected, so the next one placed follows it.
            store.apply(insertBlocks(first.components, copies, { ownerId: at!.slot!.ownerId, field: at!.slot!.field, index: at!.index + 1 }), 'add', copies.at(-1)?.id ?? id, true);
            onDone();
          }}
        />
      );
    }
    case 'charCount':
      return <CharCountDialog {...common} context={undefined} initial={fresh || !('chars' in node) ? undefined : node.chars} onConfirm={(v) => confirm((n) => applyChars(n, v))} />;
    case 'ratio':
      return <RatioDialog {...common} context={undefined} initial={fresh || node.kind !== 'ratioSplit' ? undefined : node.ratio} onConfirm={(v) => confirm((n) => applyRatio(n, v))} />;
    case 'equalColumns':
      return (
        <EqualColumnsDialog {...common} context={undefined} initial={fresh || node.kind !== 'equalSplit' ? undefined : node.columns} onConfirm={(v) => confirm((n) => applyEqualColumns(n, v, store.newId()))} />
      );
    case 'border': {
      const split = node.kind === 'ratioSplit' || node.kind === 'equalSplit';
      const initial = split ? { kind: 'split' as const, border: node.border } : 'border' in node && node.border && typeof node.border === 'object' ? { kind: 'row' as const, bottom: node.border.bottom } : undefined;
      return <BorderDialog {...common} context={{ kind: split ? 'split' : 'row' }} initial={initial} onConfirm={(v) => confirm((n) => applyBorder(n, v))} />;
    }
    case 'align':
      return <AlignDialog {...common} context={undefined} initial={'align' in node ? node.align : undefined} onConfirm={(v) => confirm((n) => applyAlign(n, v))} />;
    case 'child': {
      const item = node.kind === 'subQuestionGroup' ? node.items.find((i) => i.id === request.itemId) : undefined;
      const initial = item ? item.numbering : 'numbering' in node ? node.numbering : 'auto';
      return <ChildQuestionDialog {...common} context={undefined} initial={initial} onConfirm={(v) => confirm((n) => applyNumbering(n, v, item?.id))} />;
    }
    case 'fieldHeight':
      return (
        <FieldHeightDialog
          {...common}
          context={{ current: heightOf(node) ?? 0, maxHeight: roomFor(id), step: HEIGHT_STEP_PX }}
          initial={heightOf(node)}
          onConfirm={(v) => confirm((n) => applyHeight(n, v))}
        />
      );
    case 'scoreBox':
      return <ScoreBoxDialog {...common} context={undefined} initial={node.kind === 'freeAnswer' ? (node.scoreBox ?? null) : undefined} onConfirm={(v) => confirm((n) => applyScoreBox(n, v))} />;
    case 'imageHeight':
      return <ImageHeightDialog {...common} context={{ maxHeight: roomFor(id) }} initial={heightOf(node)} onConfirm={(v) => confirm((n) => applyHeight(n, v))} />;
    case 'title':
      return <TitleDialog {...common} initial={'title' in node ? node.title : ''} onConfirm={(v) => confirm((n) => ('title' in n ? { ...n, title: v } : n))} />;
  }
}
