import type { PageBlock } from './block-tree';
import type { RowBlock } from '../page-blocks';

// The palette (page-editor.md §2): every block the author may place, by category, with the page
// rules: the header and first-page base only on page 1, the other-page base on later pages, the
// sub-question choice on page 1. Image-text and 3-/4-column image rows follow the school's
// feature switch (client_settings.image_text_blocks); the grid is always offered.

export const PALETTE_CATEGORIES = ['admin', 'layout', 'question', 'tools', 'combined', 'other'] as const;
export type PaletteCategory = (typeof PALETTE_CATEGORIES)[number];

/** The dialog a generator block opens when placed (docs/editor.md). */
export type GeneratorDialog = 'subQuestion' | 'choice' | 'charCount' | 'ratio' | 'equalColumns';

export interface PaletteItem {
  id: string;
  category: PaletteCategory;
  kind: (PageBlock | RowBlock)['kind'];
  generator?: GeneratorDialog;
  page?: 'first' | 'other';
  /** Offered only when the school's image-text switch is on. */
  imageTextSwitch?: boolean;
}

const item = (id: string, category: PaletteCategory, kind: PaletteItem['kind'], more: Partial<PaletteItem> = {}): PaletteItem => ({ id, category, kind, ...more });

export const PALETTE_ITEMS: readonly PaletteItem[] = [
  item('header', 'admin', 'header', { page: 'first' }),
  item('firstBase', 'admin', 'firstBase', { page: 'first' }),
  item('otherBase', 'admin', 'otherBase', { page: 'other' }),
  item('twoColumn', 'layout', 'twoColumn'),
  item('questionGroup', 'layout', 'questionGroup'),
  item('ratioSplit', 'layout', 'ratioSplit', { generator: 'ratio' }),
  item('equalSplit', 'layout', 'equalSplit', { generator: 'equalColumns' }),
  item('subQuestionGroup', 'question', 'subQuestionGroup', { generator: 'subQuestion', page: 'first' }),
  item('singleChoice', 'question', 'singleChoice'),
  item('multiChoice', 'question', 'multiChoice', { generator: 'choice' }),
  item('freeAnswer', 'question', 'freeAnswer'),
  item('handwritingGrid', 'tools', 'handwritingGrid', { generator: 'charCount' }),
  item('underline', 'tools', 'underline'),
  item('dotUnderline', 'tools', 'dotUnderline', { generator: 'charCount' }),
  item('grid', 'tools', 'grid'),
  item('ratioChart', 'combined', 'ratioChart'),
  item('imageLeft', 'combined', 'imageText', { imageTextSwitch: true }),
  item('textLeft', 'combined', 'imageText', { imageTextSwitch: true }),
  item('imageTop', 'combined', 'imageText', { imageTextSwitch: true }),
  item('textTop', 'combined', 'imageText', { imageTextSwitch: true }),
  item('imageColumns2', 'combined', 'imageColumns'),
  item('imageColumns3', 'combined', 'imageColumns', { imageTextSwitch: true }),
  item('imageColumns4', 'combined', 'imageColumns', { imageTextSwitch: true }),
  item('text', 'other', 'text'),
  item('borderedText', 'other', 'borderedText'),
  item('image', 'other', 'image'),
  item('blankText', 'other', 'blank'),
  item('blankBackSide', 'other', 'blank'),
  item('blankDoNotWrite', 'other', 'blank'),
];

/** What the palette offers on a page: the spec's page rules and the school's switch. */
export function paletteFor(page: number, imageTextBlocks: boolean): PaletteItem[] {
  return PALETTE_ITEMS.filter((p) => {
    if (p.page === 'first' && page !== 1) return false;
    if (p.page === 'other' && page === 1) return false;
    return !p.imageTextSwitch || imageTextBlocks;
  });
}
