import { A4_PT } from '../../../shared/geometry/card-geometry';

/**
 * Pixels of the capture screen (docs/scan-batches.md "Capture with a phone"): a camera frame in
 * grey, and the sheet in it flattened to an upright-or-half-turned A4 page image through the
 * homography of its four marks — the shape of a scanner's page, so the server reads a phone's
 * capture with the scanner path and its checks.
 */
export type Gray = { width: number; height: number; data: Uint8Array };

/** Luma (BT.601, integer weights) of RGBA pixels, as the server's decoder takes grey. */
export function lumaOf(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, out = new Uint8Array(width * height)): Gray {
  for (let i = 0, j = 0; j < width * height; i += 4, j++) out[j] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) >> 8;
  return { width, height, data: out };
}

/** The resolution captures are sent at: the scanner path's (src/scan/pdf-pages.ts SCAN_RASTER_DPI). */
export const FLAT_DPI = 200;

/**
 * The A4 page at `dpi`, each pixel sampled (bilinear; a 2 × 2 average of samples where the frame
 * has more pixels than the page image) from `frame` where `toFrame` (map points → frame pixels)
 * puts it; outside the frame is paper white.
 */
export function flattenPage(frame: Gray, toFrame: readonly number[], dpi = FLAT_DPI): Gray {
  const width = Math.round((A4_PT.w / 72) * dpi);
  const height = Math.round((A4_PT.h / 72) * dpi);
  const out = new Uint8Array(width * height);
  const [a, b, c, d, e, f, g, h, i] = toFrame;
  const ptPerPx = 72 / dpi;
  // Frame pixels per page pixel near the page's centre: above 1.5, average four samples a pixel.
  const centre = (x: number, y: number) => {
    const w = g * x + h * y + i;
    return [(a * x + b * y + c) / w, (d * x + e * y + f) / w];
  };
  const [x0] = centre(A4_PT.w / 2, A4_PT.h / 2);
  const [x1] = centre(A4_PT.w / 2 + ptPerPx, A4_PT.h / 2);
  const offsets = Math.abs(x1 - x0) > 1.5 ? [-0.25, 0.25] : [0];
  const { width: fw, height: fh, data } = frame;
  const sample = (px: number, py: number): number => {
    const w = g * px + h * py + i;
    const sx = (a * px + b * py + c) / w;
    const sy = (d * px + e * py + f) / w;
    if (sx < 0 || sy < 0 || sx >= fw - 1 || sy >= fh - 1) return 255;
    const ix = sx | 0;
    const iy = sy | 0;
    const fx = sx - ix;
    const fy = sy - iy;
    const p = iy * fw + ix;
    const top = data[p] + (data[p + 1] - data[p]) * fx;
    const bottom = data[p + fw] + (data[p + fw + 1] - data[p + fw]) * fx;
    return top + (bottom - top) * fy;
  };
  const n = offsets.length * offsets.length;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (const oy of offsets) for (const ox of offsets) sum += sample((x + ox) * ptPerPx, (y + oy) * ptPerPx);
      out[y * width + x] = Math.round(sum / n);
    }
  }
  return { width, height, data: out };
}

/** A camera frame's luma plane as the browser hands it over (WebCodecs `VideoFrame.copyTo`): rows `stride` bytes apart from `offset`. */
export type LumaPlane = { data: Uint8Array; offset: number; stride: number; width: number; height: number };

/** The plane shrunk to `width × height`, each pixel the mean of four samples inside its block. */
export function shrinkPlane(plane: LumaPlane, width: number, height: number, out = new Uint8Array(width * height)): Gray {
  const fx = plane.width / width;
  const fy = plane.height / height;
  const { data, offset, stride } = plane;
  for (let y = 0; y < height; y++) {
    const r0 = offset + Math.floor((y + 0.25) * fy) * stride;
    const r1 = offset + Math.min(plane.height - 1, Math.floor((y + 0.75) * fy)) * stride;
    for (let x = 0; x < width; x++) {
      const c0 = Math.floor((x + 0.25) * fx);
      const c1 = Math.min(plane.width - 1, Math.floor((x + 0.75) * fx));
      out[y * width + x] = (data[r0 + c0] + data[r0 + c1] + data[r1 + c0] + data[r1 + c1] + 2) >> 2;
    }
  }
  return { width, height, data: out };
}

/** The whole plane as a grey image (rows packed). */
export function planeGray(plane: LumaPlane): Gray {
  const out = new Uint8Array(plane.width * plane.height);
  for (let y = 0; y < plane.height; y++) out.set(plane.data.subarray(plane.offset + y * plane.stride, plane.offset + y * plane.stride + plane.width), y * plane.width);
  return { width: plane.width, height: plane.height, data: out };
}
