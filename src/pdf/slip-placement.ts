import type { Rect } from '../shared/geometry/card-geometry';

// Where things of the card land on a slip page that shows a student's scan: the scan is drawn to
// fill the A4 page (kept in proportion, centred), and a point of the card's map goes through the
// page's homography to the scan's pixels, then to the slip page. pdf-lib draws from the bottom-left.

export const SLIP_PAGE = { w: 595.28, h: 841.89 } as const;

export interface Placement {
  /** The image's box on the page, pdf-lib coordinates. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Map point (top-left origin) → page point (bottom-left origin). */
  point: (p: { x: number; y: number }) => { x: number; y: number };
}

function applyHomography(h: readonly number[], p: { x: number; y: number }): { x: number; y: number } {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

export function placeScan(imageWidth: number, imageHeight: number, toImage: readonly number[]): Placement {
  const scale = Math.min(SLIP_PAGE.w / imageWidth, SLIP_PAGE.h / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  const x = (SLIP_PAGE.w - width) / 2;
  const y = (SLIP_PAGE.h - height) / 2;
  return {
    x,
    y,
    width,
    height,
    point: (p) => {
      const px = applyHomography(toImage, p);
      return { x: x + px.x * scale, y: y + height - px.y * scale };
    },
  };
}

/** A map rectangle on the page: the box around its four mapped corners, bottom-left origin. */
export function placeRect(placement: Placement, r: Rect): { x: number; y: number; w: number; h: number } {
  const corners = [
    { x: r.x, y: r.y },
    { x: r.x + r.w, y: r.y },
    { x: r.x, y: r.y + r.h },
    { x: r.x + r.w, y: r.y + r.h },
  ].map(placement.point);
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}
