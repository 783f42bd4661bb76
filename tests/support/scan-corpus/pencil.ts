import type { Rect } from '../../../src/shared/geometry/card-geometry';
import type { RasterCanvas } from './raster-canvas';

/**
 * What a student's pencil does to a bubble. `fill`: a solid, slightly irregular blob of graphite
 * (grey 35–105 with grain) that may overrun the outline; `partial`: a hurried fill covering about
 * two thirds of it; `light`: a whole fill in light pencil (grey 150–170: a hard lead or a timid
 * hand), a mark all the same; `smudge`: an erased mark, a light grey haze (175–215) that is not a mark;
 * `faint`: a mark so light or small no reader should decide it (the corpus's ambiguous case).
 */
export type PencilKind = 'fill' | 'partial' | 'light' | 'smudge' | 'faint' | StyleKind;

/**
 * Marks as students with another habit make them (habits.ts): `tick` ✓ and `cross` ✗ drawn
 * through the bubble in pencil strokes, `dot` a small pressed dot, `scribble` a zigzag over it,
 * `pen` a fill in blue ballpoint (solid, dark in greyscale, blue in colour), `cancel` a fill
 * crossed out with strokes running past the outline (a cancelled answer), `stray` a straight
 * pencil line of a few millimetres that happens to cross a bubble.
 */
export type StyleKind = 'tick' | 'cross' | 'dot' | 'scribble' | 'pen' | 'cancel' | 'stray';

/** Blue ballpoint as a colour scanner sees it (R, G, B); its grey (~60) is what a grey scan keeps. */
export const BLUE_PEN: readonly [number, number, number] = [35, 55, 150];

import type { Rng } from '../seeded-random';
export { seeded as rngFrom, type Rng } from '../seeded-random';

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

function blob(canvas: RasterCanvas, rect: Rect, rng: Rng, o: { cover: number; grey: [number, number]; grain: number; shift: number; side?: number }, colour?: readonly [number, number, number]): void {
  // A tick sits to one side of the letter; fills wander a little around the centre.
  const side = o.side ? (rng() < 0.5 ? -o.side : o.side) : 0;
  const cx = rect.x + rect.w / 2 + (side + between(rng, -o.shift, o.shift)) * rect.w;
  const cy = rect.y + rect.h / 2 + between(rng, -0.1, 0.1) * rect.h;
  const jitter = o.side ? 0.03 : 1;
  const rx = (rect.w / 2) * o.cover * (1 + jitter * between(rng, -0.08, 0.1));
  const ry = (rect.h / 2) * o.cover * (1 + jitter * between(rng, -0.08, 0.12));
  const phase = rng() * Math.PI * 2;
  const wobble = jitter * between(rng, 0.03, 0.1);
  const grey = between(rng, o.grey[0], o.grey[1]);
  const box = { x: cx - rx * 1.2, y: cy - ry * 1.2, w: rx * 2.4, h: ry * 2.4 };
  canvas.paint(
    box,
    (x, y) => {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const edge = 1 + wobble * Math.sin(3 * Math.atan2(dy, dx) + phase);
      return dx * dx + dy * dy <= edge * edge;
    },
    () => grey + between(rng, -o.grain, o.grain),
    colour,
  );
}

type Pt = { x: number; y: number };

/** A pencil line through `points` (pt), `width` pt wide, grey per pixel with grain. */
export function stroke(canvas: RasterCanvas, points: readonly Pt[], width: number, grey: number, grain: number, rng: Rng): void {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const r = width / 2;
    const box = { x: Math.min(a.x, b.x) - r, y: Math.min(a.y, b.y) - r, w: Math.abs(a.x - b.x) + 2 * r, h: Math.abs(a.y - b.y) + 2 * r };
    const len2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2 || 1;
    canvas.paint(
      box,
      (x, y) => {
        const t = Math.max(0, Math.min(1, ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / len2));
        return Math.hypot(x - a.x - t * (b.x - a.x), y - a.y - t * (b.y - a.y)) <= r;
      },
      () => grey + between(rng, -grain, grain),
    );
  }
}

/** A habit's mark drawn relative to the bubble: points given in half-sizes from its centre, turned and sized a little at random. */
function strokeIn(canvas: RasterCanvas, rect: Rect, rng: Rng, paths: Pt[][], o: { size: [number, number]; width: [number, number]; grey: [number, number] }): void {
  const cx = rect.x + rect.w / 2 + between(rng, -0.06, 0.06) * rect.w;
  const cy = rect.y + rect.h / 2 + between(rng, -0.08, 0.08) * rect.h;
  const size = between(rng, o.size[0], o.size[1]);
  const turn = between(rng, -0.2, 0.2);
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const width = between(rng, o.width[0], o.width[1]);
  const grey = between(rng, o.grey[0], o.grey[1]);
  for (const path of paths) {
    const points = path.map((p) => {
      const x = p.x * (rect.w / 2) * size;
      const y = p.y * (rect.h / 2) * size;
      return { x: cx + cos * x - sin * y, y: cy + sin * x + cos * y };
    });
    stroke(canvas, points, width, grey, 18, rng);
  }
}

export function drawPencil(canvas: RasterCanvas, rect: Rect, kind: PencilKind, rng: Rng): void {
  if (kind === 'tick') strokeIn(canvas, rect, rng, [[{ x: -0.55, y: 0.05 }, { x: -0.15, y: 0.75 }, { x: 0.65, y: -0.9 }]], { size: [0.85, 1.3], width: [0.9, 1.4], grey: [40, 105] });
  else if (kind === 'cross') strokeIn(canvas, rect, rng, [[{ x: -0.7, y: -0.8 }, { x: 0.7, y: 0.8 }], [{ x: 0.7, y: -0.8 }, { x: -0.7, y: 0.8 }]], { size: [0.85, 1.3], width: [0.9, 1.4], grey: [40, 105] });
  else if (kind === 'dot') blob(canvas, rect, rng, { cover: between(rng, 0.3, 0.45), grey: [30, 80], grain: 15, shift: 0.06 });
  else if (kind === 'scribble') {
    const zig = Array.from({ length: 7 }, (_, i) => ({ x: i % 2 ? 0.85 : -0.85, y: -0.85 + (1.7 * i) / 6 }));
    strokeIn(canvas, rect, rng, [zig, zig.map((p) => ({ x: p.x * 0.9, y: p.y + 0.12 }))], { size: [0.95, 1.05], width: [1.3, 1.8], grey: [40, 95] });
  } else if (kind === 'pen') blob(canvas, rect, rng, { cover: 1, grey: [55, 70], grain: 6, shift: 0.04 }, BLUE_PEN);
  else if (kind === 'cancel') {
    blob(canvas, rect, rng, { cover: 1, grey: [35, 105], grain: 25, shift: 0.04 });
    strokeIn(canvas, rect, rng, [[{ x: -1.25, y: -1.6 }, { x: 1.25, y: 1.6 }], [{ x: 1.25, y: -1.6 }, { x: -1.25, y: 1.6 }]], { size: [1, 1.2], width: [1, 1.4], grey: [20, 60] });
  } else if (kind === 'stray') strokeIn(canvas, rect, rng, [[{ x: -2.5, y: between(rng, -0.6, 0.6) }, { x: 2.5, y: between(rng, -0.6, 0.6) }]], { size: [1, 1.4], width: [0.7, 1.1], grey: [70, 120] });
  else if (kind === 'fill') blob(canvas, rect, rng, { cover: 1, grey: [35, 105], grain: 25, shift: 0.04 });
  else if (kind === 'partial') blob(canvas, rect, rng, { cover: 0.78, grey: [45, 100], grain: 25, shift: 0.08 });
  else if (kind === 'light') blob(canvas, rect, rng, { cover: 1, grey: [150, 170], grain: 10, shift: 0.04 });
  else if (kind === 'smudge') blob(canvas, rect, rng, { cover: 1.05, grey: [178, 215], grain: 12, shift: 0.05 });
  else blob(canvas, rect, rng, { cover: 0.43, grey: [60, 80], grain: 15, shift: 0, side: 0.2 });
}
