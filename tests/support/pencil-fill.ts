import type { Rect } from '../../src/shared/geometry/card-geometry';

/** A firm 2B fill of a bubble on a greyscale raster of its page at `dpi`: its inside, a little short of the outline, in graphite grey. */
export function pencilFill(image: { width: number; data: Uint8Array }, rect: Rect, dpi: number): void {
  const s = dpi / 72;
  for (let y = Math.round((rect.y + rect.h * 0.12) * s); y < Math.round((rect.y + rect.h * 0.88) * s); y++)
    for (let x = Math.round((rect.x + rect.w * 0.12) * s); x < Math.round((rect.x + rect.w * 0.88) * s); x++) image.data[y * image.width + x] = Math.min(image.data[y * image.width + x], 70);
}
