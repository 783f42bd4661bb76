import type { GrayImage } from '../../../src/scan/page-reading';
import type { Rng } from './pencil';

/**
 * An office scanner's way with a sheet: turned by `rotationDeg` about the page centre, scaled,
 * shifted by `offsetMm`, maybe fed upside down, then softened (3×3 box blur), with sensor noise
 * (roughly Gaussian, σ `noise` grey levels). The scan area is `marginMm` wider than the sheet on
 * every side, as a flatbed's glass is (a turned sheet's corners stay in view); outside the paper
 * the lid is white.
 */
export type Degradation = { marginMm?: number; rotationDeg: number; scale: number; offsetMm: { x: number; y: number }; upsideDown: boolean; blur: boolean; noise: number };
export const CLEAN: Degradation = { rotationDeg: 0, scale: 1, offsetMm: { x: 0, y: 0 }, upsideDown: false, blur: false, noise: 0 };

export function degrade(source: GrayImage, dpi: number, d: Degradation, rng: Rng): GrayImage {
  const identity = !d.upsideDown && d.rotationDeg === 0 && d.scale === 1 && d.offsetMm.x === 0 && d.offsetMm.y === 0 && !d.marginMm;
  if (identity && !d.blur && d.noise === 0) return { ...source, data: source.data.slice() };
  const margin = Math.round(((d.marginMm ?? 0) * dpi) / 25.4);
  const width = source.width + 2 * margin;
  const height = source.height + 2 * margin;
  const out = new Uint8Array(width * height);
  const cx = width / 2;
  const cy = height / 2;
  const a = (d.rotationDeg * Math.PI) / 180;
  const cos = Math.cos(a) / d.scale;
  const sin = Math.sin(a) / d.scale;
  const pxPerMm = dpi / 25.4;
  const tx = d.offsetMm.x * pxPerMm;
  const ty = d.offsetMm.y * pxPerMm;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      // Output pixel → page pixel: undo the half turn, the offset, then rotation and scale.
      const ou = d.upsideDown ? width - 1 - u : u;
      const ov = d.upsideDown ? height - 1 - v : v;
      const dx = ou - cx - tx;
      const dy = ov - cy - ty;
      const sx = cx + cos * dx + sin * dy - margin;
      const sy = cy - sin * dx + cos * dy - margin;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      let value = 255;
      if (x0 >= 0 && y0 >= 0 && x0 < source.width - 1 && y0 < source.height - 1) {
        const fx = sx - x0;
        const fy = sy - y0;
        const sw = source.width;
        const i = y0 * sw + x0;
        const s = source.data;
        value = (s[i] * (1 - fx) + s[i + 1] * fx) * (1 - fy) + (s[i + sw] * (1 - fx) + s[i + sw + 1] * fx) * fy;
      }
      out[v * width + u] = value;
    }
  }
  const blurred = d.blur ? boxBlur(out, width, height) : out;
  if (d.noise > 0) {
    // One random draw a pixel picks from 4,096 pre-drawn near-Gaussian values (three uniforms summed).
    const table = Float32Array.from({ length: 4096 }, () => (rng() + rng() + rng() - 1.5) * 2 * d.noise);
    for (let i = 0; i < blurred.length; i++) blurred[i] = Math.max(0, Math.min(255, blurred[i] + table[(rng() * 4096) | 0]));
  }
  return { width, height, data: blurred };
}

function boxBlur(src: Uint8Array, w: number, h: number): Uint8Array {
  // Edge rows and columns keep their values rather than turning black.
  const tmp = src.slice();
  const dst = src.slice();
  for (let y = 0; y < h; y++) for (let x = 1; x < w - 1; x++) tmp[y * w + x] = (src[y * w + x - 1] + src[y * w + x] + src[y * w + x + 1]) / 3;
  for (let y = 1; y < h - 1; y++) for (let x = 0; x < w; x++) dst[y * w + x] = (tmp[(y - 1) * w + x] + tmp[y * w + x] + tmp[(y + 1) * w + x]) / 3;
  return dst;
}
