import type { PageBlock } from './block-tree';
import type { RowBlock } from '../page-blocks';
import { BLOCK_HEIGHT_PX, CHOICE_OPTIONS } from '../constants';
import type { PaletteItem } from './palette-items';

// A fresh block per palette item, with the spec's defaults (page-editor.md §3). Generator
// blocks come out "empty" (no items, their default shape); the editor opens their dialog and
// removes them if it is closed without a value.

export type NewBlock = PageBlock | RowBlock;
type Id = () => string;

const enOptions = () => ({ type: 'en' as const, count: CHOICE_OPTIONS.defaultCount });
const cell = (id: Id) => ({ id: id(), children: [] });

export function createBlock(item: PaletteItem, id: Id): NewBlock {
  switch (item.id) {
    case 'header':
      return { id: id(), kind: 'header', schoolName: '', title: '第一學期期中考', subtitle: { left: [], right: [] } };
    case 'firstBase':
      return { id: id(), kind: 'firstBase', height: BLOCK_HEIGHT_PX.firstBase, children: [] };
    case 'otherBase':
      return { id: id(), kind: 'otherBase', title: '', height: BLOCK_HEIGHT_PX.otherBase, children: [] };
    case 'twoColumn':
      return { id: id(), kind: 'twoColumn', left: [], right: [] };
    case 'questionGroup':
      return { id: id(), kind: 'questionGroup', label: '第一大題', labelHeight: BLOCK_HEIGHT_PX.groupLabel, children: [] };
    case 'ratioSplit':
      return { id: id(), kind: 'ratioSplit', ratio: 5, height: BLOCK_HEIGHT_PX.split, border: 'full', cells: [cell(id), cell(id)] };
    case 'equalSplit':
      return { id: id(), kind: 'equalSplit', columns: 3, height: BLOCK_HEIGHT_PX.split, border: 'full', cells: [cell(id), cell(id), cell(id)] };
    case 'subQuestionGroup':
      return { id: id(), kind: 'subQuestionGroup', options: enOptions(), items: [] };
    case 'singleChoice':
      return { id: id(), kind: 'singleChoice', numbering: 'auto', options: enOptions() };
    case 'multiChoice':
      return { id: id(), kind: 'multiChoice', numbering: 'auto', options: enOptions() };
    case 'freeAnswer':
      return { id: id(), kind: 'freeAnswer', numbering: 'auto', height: BLOCK_HEIGHT_PX.freeAnswer, children: [] };
    case 'handwritingGrid':
      return { id: id(), kind: 'handwritingGrid', chars: 10 };
    case 'dotUnderline':
      return { id: id(), kind: 'dotUnderline', chars: 10 };
    case 'underline':
      return { id: id(), kind: 'underline', height: BLOCK_HEIGHT_PX.underline };
    case 'grid':
      return { id: id(), kind: 'grid', rows: 4, cols: 20 };
    case 'ratioChart':
      return { id: id(), kind: 'ratioChart' };
    case 'imageLeft':
    case 'textLeft':
    case 'imageTop':
    case 'textTop':
      return { id: id(), kind: 'imageText', layout: item.id, assetId: null, height: item.id.endsWith('Top') ? 160 : 100, content: [] };
    case 'imageColumns2':
    case 'imageColumns3':
    case 'imageColumns4': {
      const columns = Number(item.id.slice(-1)) as 2 | 3 | 4;
      return { id: id(), kind: 'imageColumns', columns, height: 100, assetIds: Array.from({ length: columns }, () => null) };
    }
    case 'text':
      return { id: id(), kind: 'text', height: BLOCK_HEIGHT_PX.text, content: [] };
    case 'borderedText':
      return { id: id(), kind: 'borderedText', height: BLOCK_HEIGHT_PX.text, content: [], border: { bottom: true } };
    case 'image':
      return { id: id(), kind: 'image', assetId: null, height: 100 };
    case 'blankText':
      return { id: id(), kind: 'blank', variant: 'text' };
    case 'blankBackSide':
      return { id: id(), kind: 'blank', variant: 'backSide' };
    case 'blankDoNotWrite':
      return { id: id(), kind: 'blank', variant: 'doNotWrite' };
    default:
      throw new Error(`no factory for palette item ${item.id}`);
  }
}
