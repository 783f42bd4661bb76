import type { PageComponents } from '../page-blocks';
import { freshId } from './block-ids';
import { createBlock } from './block-factory';
import { PALETTE_ITEMS } from './palette-items';
import { HEADER_TITLE_MAX } from '../constants';

// A page not stored yet opens ready (issue 15, part 2): page 1 with the header and the first-page
// base, a later page with the other-page base. They are what the author placed first on every card.
// The header's title starts from the card's own name (「八年級數學第二次段考」), not the palette's
// default 「第一學期期中考」, which a card named otherwise would print unnoticed.

const itemOf = (id: string) => PALETTE_ITEMS.find((p) => p.id === id)!;

export function startingPage(page: number, cardTitle = ''): PageComponents {
  const taken = new Set<string>();
  const id = () => freshId(taken);
  const items = page === 1 ? ['header', 'firstBase'] : ['otherBase'];
  const title = cardTitle.trim().slice(0, HEADER_TITLE_MAX);
  const blocks = items.map((item) => createBlock(itemOf(item), id)).map((b) => (b.kind === 'header' && title ? { ...b, title } : b));
  return { version: 1, blocks: blocks as PageComponents['blocks'] };
}
