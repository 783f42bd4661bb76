/** Up to `links` consecutive page numbers around the current one, clamped to 1…last. */
export function pageWindow(current: number, last: number, links: number): number[] {
  const count = Math.min(links, Math.max(1, last));
  const start = Math.min(Math.max(1, current - Math.floor(links / 2)), Math.max(1, last - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
