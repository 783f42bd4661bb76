import type { GrayImage } from '../../../src/scan/page-reading';
import { renderPdfOnePage } from '../../../src/scan/pdf-pages';
import type { CardGeometryV2 } from '../../../src/shared/geometry/card-geometry';
import { PT_PER_MM } from '../../../src/shared/geometry/scan-layout';
import { degrade, type Degradation } from './degrade';
import type { Rng } from './pencil';
import { stroke } from './pencil';
import { RasterCanvas } from './raster-canvas';

/**
 * What a real stack adds to a class's pencil (corpus.ts options `habits`, `modes`, `accidents`,
 * and the stack helpers below): the scanner's mode per page (grey, colour, black-and-white, 300
 * dpi), a folded corner over a registration mark, a staple beside one, a page of some other
 * document, a page scanned twice, a shuffled stack.
 */
export type ScannerMode = 'gray' | 'color' | 'bw';
export type Accident = 'folded' | 'staple';

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

export function scannerMode(rng: Rng, shares: { color?: number; bw?: number; dpi300?: number }): { mode: ScannerMode; dpi300: boolean } {
  const r = rng();
  const mode: ScannerMode = r < (shares.color ?? 0) ? 'color' : r < (shares.color ?? 0) + (shares.bw ?? 0) ? 'bw' : 'gray';
  return { mode, dpi300: mode === 'gray' && rng() < (shares.dpi300 ?? 0) };
}

/**
 * A folded corner: the sheet's corner turned over along a line 14–30 mm from it (the paper's
 * blank back now covers what was printed there, often the registration mark, wholly or in part),
 * with the fold's shadow; or a staple: a 12 mm steel bar at an angle 1–5 mm beside the top-left mark.
 */
export function accident(canvas: RasterCanvas, map: CardGeometryV2, rng: Rng, shares: { folded?: number; staple?: number; overMark?: boolean }): Accident | null {
  const r = rng();
  if (r < (shares.folded ?? 0)) {
    const corner = Math.floor(rng() * 4);
    let leg = between(rng, 14, 30) * PT_PER_MM;
    const [w, h] = [map.page.w, map.page.h];
    const fx = corner % 2 === 0 ? 0 : w;
    const fy = corner < 2 ? 0 : h;
    if (shares.overMark) {
      // The fold wholly over that corner's registration mark (its farthest corner 2–5 mm inside the fold).
      const mark = map.marks.find((m) => m.corner === (['tl', 'tr', 'bl', 'br'] as const)[corner]);
      if (mark) leg = Math.max(Math.abs(fx - (fx === 0 ? mark.rect.x + mark.rect.w : mark.rect.x)) + Math.abs(fy - (fy === 0 ? mark.rect.y + mark.rect.h : mark.rect.y)) + between(rng, 2, 5) * PT_PER_MM, leg);
    }
    const inside = (x: number, y: number) => Math.abs(x - fx) / leg + Math.abs(y - fy) / leg <= 1;
    const s = canvas.scale;
    const { image } = canvas;
    for (let py = Math.max(0, Math.floor((fy - leg) * s)); py < Math.min(image.height, Math.ceil((fy + leg) * s)); py++) {
      for (let px = Math.max(0, Math.floor((fx - leg) * s)); px < Math.min(image.width, Math.ceil((fx + leg) * s)); px++) {
        if (!inside((px + 0.5) / s, (py + 0.5) / s)) continue;
        image.data[py * image.width + px] = 246;
        if (canvas.rgb) canvas.rgb.fill(246, 3 * (py * image.width + px), 3 * (py * image.width + px) + 3);
      }
    }
    const a = { x: fx === 0 ? leg : w - leg, y: fy };
    const b = { x: fx, y: fy === 0 ? leg : h - leg };
    stroke(canvas, [a, b], 0.8, 175, 10, rng);
    return 'folded';
  }
  if (r < (shares.folded ?? 0) + (shares.staple ?? 0)) {
    const mark = map.marks.find((m) => m.corner === 'tl') ?? map.marks[0];
    const gap = between(rng, 1, 5) * PT_PER_MM;
    const x = mark.rect.x + mark.rect.w + gap;
    const y = mark.rect.y + between(rng, -2, 8) * PT_PER_MM;
    const angle = between(rng, 0.3, 1.2);
    const len = 12 * PT_PER_MM;
    stroke(canvas, [{ x, y }, { x: x + Math.cos(angle) * len, y: y + Math.sin(angle) * len }], 0.8 * PT_PER_MM, 80, 20, rng);
    return 'staple';
  }
  return null;
}

/** A page of a real print rendered in colour (src/scan/pdf-pages.ts `renderPdf`), with its grey beside it, to paint on. */
export async function colourPrintPage(pdf: Uint8Array, page: number, dpi: number): Promise<RasterCanvas> {
  const { image, rgb } = await renderPdfOnePage(pdf, page, { dpi, colour: true });
  return RasterCanvas.overColour(image, rgb!, dpi);
}

/** A page of some other document (a letter to parents): lines of text, a heading, no marks, no code. */
export function foreignPage(dpi: number, rng: Rng, d: Degradation): GrayImage {
  const canvas = new RasterCanvas(dpi);
  canvas.fillRect({ x: 150, y: 60, w: 300, h: 16 }, 20);
  for (let line = 0; line < 38; line++) {
    let x = 60;
    while (x < 530) {
      const word = between(rng, 12, 60);
      canvas.fillRect({ x, y: 110 + line * 18, w: Math.min(word, 535 - x), h: 7 }, 40);
      x += word + 5;
    }
  }
  return degrade(canvas.image, dpi, d, rng);
}

/** Fisher–Yates with the corpus's generator: a dropped stack picked up in any order. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
