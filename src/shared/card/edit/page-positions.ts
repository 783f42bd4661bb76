// The page list's reordering (issue 15): the new order of pages, shared by the server's move, and
// where the page the editor shows lands after a delete or a move.

/** The page numbers in their order after `page` moves to place `to` (1-based); the others shift by one. */
export function movedOrder(pageNos: readonly number[], page: number, to: number): number[] {
  const rest = pageNos.filter((n) => n !== page);
  return [...rest.slice(0, to - 1), page, ...rest.slice(to - 1)];
}

/** Where the page shown now lands when page `page` moves to `to` (pages 1 … stored). */
export function positionAfterMove(current: number, page: number, to: number, stored: number): number {
  if (current > stored) return current;
  return movedOrder(Array.from({ length: stored }, (_, i) => i + 1), page, to).indexOf(current) + 1;
}

/** Where the page shown now lands when page `page` is deleted. */
export function positionAfterDelete(current: number, page: number, stored: number): number {
  if (current === page) return Math.min(page, stored - 1);
  return current > page ? current - 1 : current;
}
