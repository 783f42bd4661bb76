import type { Rect } from '../shared/geometry/card-geometry';
import type { Homography } from './homography';
import type { GrayImage } from './page-reading';

/**
 * A rectangle of the map cut out of the scan and laid upright at `pxPerPt`, bilinear: what a
 * barcode reader gets, so it sees a straight symbol whatever the page's skew or half turn.
 * Points off the scan read as paper.
 */
export function warpRect(image: GrayImage, toImage: Homography, rect: Rect, pxPerPt: number): GrayImage {
  const width = Math.max(1, Math.round(rect.w * pxPerPt));
  const height = Math.max(1, Math.round(rect.h * pxPerPt));
  const data = new Uint8Array(width * height);
  const { width: iw, height: ih, data: src } = image;
  // applyHomography's arithmetic written out: no point made for each pixel.
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = toImage;
  for (let v = 0; v < height; v++) {
    const my = rect.y + (v + 0.5) / pxPerPt;
    for (let u = 0; u < width; u++) {
      const mx = rect.x + (u + 0.5) / pxPerPt;
      const w = h6 * mx + h7 * my + h8;
      const px = (h0 * mx + h1 * my + h2) / w;
      const py = (h3 * mx + h4 * my + h5) / w;
      const x0 = Math.floor(px - 0.5);
      const y0 = Math.floor(py - 0.5);
      if (x0 < 0 || y0 < 0 || x0 >= iw - 1 || y0 >= ih - 1) {
        data[v * width + u] = 255;
        continue;
      }
      const fx = px - 0.5 - x0;
      const fy = py - 0.5 - y0;
      const i = y0 * iw + x0;
      data[v * width + u] = (src[i] * (1 - fx) + src[i + 1] * fx) * (1 - fy) + (src[i + iw] * (1 - fx) + src[i + iw + 1] * fx) * fy;
    }
  }
  return { width, height, data };
}

export function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, w: rect.w + 2 * by, h: rect.h + 2 * by };
}
