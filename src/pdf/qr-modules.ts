import QRCode from 'qrcode';
import { PAGE_CODE_QR } from '../shared/geometry/page-code';

/**
 * A QR code as its module matrix, for drawing as vector squares (no raster, no bwip-js render:
 * `qrcode` encodes a page code in ~0.3 ms, a tenth of bwip-js's time, which matters at one code per
 * page per student). Error correction M: a pencil smudge over a few modules still decodes.
 */
export type QrModules = { size: number; dark: (x: number, y: number) => boolean };

// One fixed mask pattern (PAGE_CODE_QR) instead of trying all eight and scoring each (ISO/IEC
// 18004 §7.8.3 lets an encoder pick any): the scoring was 80 % of an encode, ~0.4 ms a page. Any mask
// decodes; the scoring only avoids rare finder-like patterns, and the page-code tests decode every code drawn.

export function qrModules(text: string): QrModules {
  const { modules } = QRCode.create(text, PAGE_CODE_QR);
  return { size: modules.size, dark: (x, y) => modules.get(y, x) === 1 };
}

/** Horizontal runs of dark modules, so a symbol is a few dozen rectangles rather than hundreds. */
export function darkRuns(qr: QrModules): { x: number; y: number; length: number }[] {
  const runs: { x: number; y: number; length: number }[] = [];
  for (let y = 0; y < qr.size; y++) {
    let start = -1;
    for (let x = 0; x <= qr.size; x++) {
      const dark = x < qr.size && qr.dark(x, y);
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, length: x - start });
        start = -1;
      }
    }
  }
  return runs;
}
