import type { PageComponents } from '../page-blocks';
import { freshId } from './block-ids';
import { createBlock } from './block-factory';
import { PALETTE_ITEMS } from './palette-items';

// A page not stored yet opens ready (issue 15, part 2): page 1 with the header and the first-page
// base, a later page with the other-page base. They are what the author placed first on every card.

const itemOf = (id: string) => PALETTE_ITEMS.find((p) => p.id === id)!;

export function startingPage(page: number): PageComponents {
  const taken = new Set<string>();
  const id = () => freshId(taken);
  const items = page === 1 ? ['header', 'firstBase'] : ['otherBase'];
  return { version: 1, blocks: items.map((item) => createBlock(itemOf(item), id)) as PageComponents['blocks'] };
}
