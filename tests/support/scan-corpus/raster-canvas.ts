import type { GrayImage } from '../../../src/scan/page-reading';

/**
 * A greyscale page painted in PDF points (top-left origin) at a given resolution: just enough
 * drawing for the scan corpus — filled rectangles, pill outlines, irregular pencil blobs.
 * Painting darkens (min), as ink on paper does.
 */
export class RasterCanvas {
  readonly image: GrayImage;
  readonly scale: number;

  constructor(readonly dpi: number, widthPt = 595.28, heightPt = 841.89, image?: GrayImage) {
    this.scale = dpi / 72;
    const width = Math.round(widthPt * this.scale);
    const height = Math.round(heightPt * this.scale);
    this.image = image ?? { width, height, data: new Uint8Array(width * height).fill(255) };
  }

  /** Paints on a page already rasterised at `dpi` (a real print through pdftoppm). */
  static over(image: GrayImage, dpi: number): RasterCanvas {
    return new RasterCanvas(dpi, 0, 0, { ...image, data: image.data.slice() });
  }

  private put(x: number, y: number, grey: number): void {
    if (x < 0 || y < 0 || x >= this.image.width || y >= this.image.height) return;
    const i = y * this.image.width + x;
    if (grey < this.image.data[i]) this.image.data[i] = Math.max(0, Math.round(grey));
  }

  /** Paints every pixel whose centre, in points, satisfies `inside`; `grey` per pixel. */
  paint(box: { x: number; y: number; w: number; h: number }, inside: (x: number, y: number) => boolean, grey: () => number): void {
    const s = this.scale;
    for (let py = Math.floor(box.y * s); py <= Math.ceil((box.y + box.h) * s); py++) {
      for (let px = Math.floor(box.x * s); px <= Math.ceil((box.x + box.w) * s); px++) {
        if (inside((px + 0.5) / s, (py + 0.5) / s)) this.put(px, py, grey());
      }
    }
  }

  fillRect(r: { x: number; y: number; w: number; h: number }, grey: number): void {
    this.paint(r, (x, y) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h, () => grey);
  }

  strokeRect(r: { x: number; y: number; w: number; h: number }, width: number, grey: number): void {
    this.fillRect({ x: r.x, y: r.y, w: r.w, h: width }, grey);
    this.fillRect({ x: r.x, y: r.y + r.h - width, w: r.w, h: width }, grey);
    this.fillRect({ x: r.x, y: r.y, w: width, h: r.h }, grey);
    this.fillRect({ x: r.x + r.w - width, y: r.y, w: width, h: r.h }, grey);
  }

  /** The outline of a pill (rounded ends of radius h/2), as .acs-bubble draws it. */
  strokePill(r: { x: number; y: number; w: number; h: number }, width: number, grey: number): void {
    const inPill = (x: number, y: number, inset: number) => {
      const rad = r.h / 2 - inset;
      const cx = Math.min(Math.max(x, r.x + r.h / 2), r.x + r.w - r.h / 2);
      return rad > 0 && Math.hypot(x - cx, y - (r.y + r.h / 2)) <= rad;
    };
    this.paint(r, (x, y) => inPill(x, y, 0) && !inPill(x, y, width), () => grey);
  }
}
