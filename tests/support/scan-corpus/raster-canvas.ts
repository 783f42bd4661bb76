import type { GrayImage } from '../../../src/scan/page-reading';

/**
 * A greyscale page painted in PDF points (top-left origin) at a given resolution: just enough
 * drawing for the scan corpus — filled rectangles, pill outlines, irregular pencil blobs.
 * Painting darkens (min), as ink on paper does.
 */
export type Rgb = readonly [number, number, number];

export class RasterCanvas {
  readonly image: GrayImage;
  readonly scale: number;
  /** The same page in colour (3 bytes a pixel), kept only when asked: what a colour scan sees. */
  rgb: Uint8Array | null = null;

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

  /** Paints on a page rasterised in colour too (`rgb`, 3 bytes a pixel, the same size). */
  static overColour(image: GrayImage, rgb: Uint8Array, dpi: number): RasterCanvas {
    const canvas = RasterCanvas.over(image, dpi);
    canvas.rgb = rgb.slice();
    return canvas;
  }

  /** Starts keeping the colour page (from the grey one so far: neutral). */
  withColour(): this {
    if (this.rgb) return this;
    const rgb = new Uint8Array(this.image.data.length * 3);
    for (let i = 0; i < this.image.data.length; i++) rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = this.image.data[i];
    this.rgb = rgb;
    return this;
  }

  private put(x: number, y: number, grey: number, colour?: Rgb): void {
    if (x < 0 || y < 0 || x >= this.image.width || y >= this.image.height) return;
    const i = y * this.image.width + x;
    if (grey < this.image.data[i]) this.image.data[i] = Math.max(0, Math.round(grey));
    if (!this.rgb) return;
    // Colour ink keeps its hue; the grain moves all three channels alike.
    const shift = colour ? grey - (0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]) : 0;
    for (let c = 0; c < 3; c++) {
      const value = Math.max(0, Math.min(255, Math.round(colour ? colour[c] + shift : grey)));
      if (value < this.rgb[i * 3 + c]) this.rgb[i * 3 + c] = value;
    }
  }

  /** Paints every pixel whose centre, in points, satisfies `inside`; `grey` per pixel; `colour` (what its grey is of) on the colour page. */
  paint(box: { x: number; y: number; w: number; h: number }, inside: (x: number, y: number) => boolean, grey: () => number, colour?: Rgb): void {
    const s = this.scale;
    for (let py = Math.floor(box.y * s); py <= Math.ceil((box.y + box.h) * s); py++) {
      for (let px = Math.floor(box.x * s); px <= Math.ceil((box.x + box.w) * s); px++) {
        if (inside((px + 0.5) / s, (py + 0.5) / s)) this.put(px, py, grey(), colour);
      }
    }
  }

  fillRect(r: { x: number; y: number; w: number; h: number }, grey: number, colour?: Rgb): void {
    this.paint(r, (x, y) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h, () => grey, colour);
  }

  strokeRect(r: { x: number; y: number; w: number; h: number }, width: number, grey: number, colour?: Rgb): void {
    this.fillRect({ x: r.x, y: r.y, w: r.w, h: width }, grey, colour);
    this.fillRect({ x: r.x, y: r.y + r.h - width, w: r.w, h: width }, grey, colour);
    this.fillRect({ x: r.x, y: r.y, w: width, h: r.h }, grey, colour);
    this.fillRect({ x: r.x + r.w - width, y: r.y, w: width, h: r.h }, grey, colour);
  }

  /** The outline of a pill (rounded ends of radius h/2), as .acs-bubble draws it. */
  strokePill(r: { x: number; y: number; w: number; h: number }, width: number, grey: number, colour?: Rgb): void {
    const inPill = (x: number, y: number, inset: number) => {
      const rad = r.h / 2 - inset;
      const cx = Math.min(Math.max(x, r.x + r.h / 2), r.x + r.w - r.h / 2);
      return rad > 0 && Math.hypot(x - cx, y - (r.y + r.h / 2)) <= rad;
    };
    this.paint(r, (x, y) => inPill(x, y, 0) && !inPill(x, y, width), () => grey, colour);
  }
}
