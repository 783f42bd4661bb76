import { ZPageComponents } from '../../../shared/card/page-blocks';
import type { Db } from '../../../data/db/database';
import { findPage, upsertPage } from '../../../data/repos/document-pages.repo';

// A card made from a template prints its own title: page 1's header exam title starts as the
// card's title (the teacher may change it in the editor; docs/cards.md "Copies and shares").

export async function titleHeader(db: Db, documentId: number, title: string): Promise<void> {
  const page = await findPage(db, documentId, 1);
  if (!page) return;
  const parsed = ZPageComponents.safeParse(JSON.parse(page.components));
  if (!parsed.success) return;
  const blocks = parsed.data.blocks.map((block) => (block.kind === 'header' ? { ...block, title: title.slice(0, 100) } : block));
  await upsertPage(db, documentId, 1, { ...page, components: JSON.stringify({ ...parsed.data, blocks }) });
}
