import { homographyFrom4, type Homography } from '../../src/scan/homography';
import type { GrayImage } from '../../src/scan/page-reading';

// A scanned sheet placed by a known homography (turned, scaled, shifted, maybe upside down), with
// dark squares at given map rectangles: what exact placement (src/scan/page-placement.ts) is
// checked against.

const A4 = { w: 595.28, h: 841.89 };

/** A scan at `dpi` of a sheet turned by `deg`, scaled by `scale` and shifted by (dx, dy) px — or upside down too. */
export function skewedScan(dpi: number, o: { deg: number; scale: number; dx: number; dy: number; upsideDown: boolean }, squares: readonly { x: number; y: number; w: number; h: number }[]) {
  const width = Math.round((A4.w * dpi) / 72) + 40;
  const height = Math.round((A4.h * dpi) / 72) + 40;
  const k = (dpi / 72) * o.scale;
  const [c, s] = [Math.cos((o.deg * Math.PI) / 180), Math.sin((o.deg * Math.PI) / 180)];
  const place = (p: { x: number; y: number }) => {
    const x = k * (c * p.x - s * p.y) + o.dx;
    const y = k * (s * p.x + c * p.y) + o.dy;
    return o.upsideDown ? { x: width - x, y: height - y } : { x, y };
  };
  const corners = [{ x: 0, y: 0 }, { x: A4.w, y: 0 }, { x: A4.w, y: A4.h }, { x: 0, y: A4.h }];
  const toImage = homographyFrom4(corners, corners.map(place))!;
  const toMap = homographyFrom4(corners.map(place), corners)!;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = toMap[6] * (x + 0.5) + toMap[7] * (y + 0.5) + toMap[8];
      const px = (toMap[0] * (x + 0.5) + toMap[1] * (y + 0.5) + toMap[2]) / w;
      const py = (toMap[3] * (x + 0.5) + toMap[4] * (y + 0.5) + toMap[5]) / w;
      if (squares.some((q) => px >= q.x && px < q.x + q.w && py >= q.y && py < q.y + q.h)) data[y * width + x] = 0;
    }
  }
  const image: GrayImage = { width, height, data };
  return { image, toImage: [...toImage] as Homography };
}

/** Bounding box of the dark pixels of a greyscale image. */
export function darkBox(data: Uint8Array | Buffer, width: number, height: number, channels = 1) {
  let [l, t, r, b] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[(y * width + x) * channels] < 128) [l, t, r, b] = [Math.min(l, x), Math.min(t, y), Math.max(r, x + 1), Math.max(b, y + 1)];
  return { l, t, r, b };
}

