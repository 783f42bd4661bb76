import type { Rect } from '../../../src/shared/geometry/card-geometry';
import type { RasterCanvas } from './raster-canvas';

/**
 * What a student's pencil does to a bubble. `fill`: a solid, slightly irregular blob of graphite
 * (grey 35–105 with grain) that may overrun the outline; `partial`: a hurried fill covering about
 * two thirds of it; `light`: a whole fill in light pencil (grey 150–170: a hard lead or a timid
 * hand), a mark all the same; `smudge`: an erased mark, a light grey haze (175–215) that is not a mark;
 * `faint`: a mark so light or small no reader should decide it (the corpus's ambiguous case).
 */
export type PencilKind = 'fill' | 'partial' | 'light' | 'smudge' | 'faint';

import type { Rng } from '../seeded-random';
export { seeded as rngFrom, type Rng } from '../seeded-random';

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

function blob(canvas: RasterCanvas, rect: Rect, rng: Rng, o: { cover: number; grey: [number, number]; grain: number; shift: number; side?: number }): void {
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
  );
}

export function drawPencil(canvas: RasterCanvas, rect: Rect, kind: PencilKind, rng: Rng): void {
  if (kind === 'fill') blob(canvas, rect, rng, { cover: 1, grey: [35, 105], grain: 25, shift: 0.04 });
  else if (kind === 'partial') blob(canvas, rect, rng, { cover: 0.78, grey: [45, 100], grain: 25, shift: 0.08 });
  else if (kind === 'light') blob(canvas, rect, rng, { cover: 1, grey: [150, 170], grain: 10, shift: 0.04 });
  else if (kind === 'smudge') blob(canvas, rect, rng, { cover: 1.05, grey: [178, 215], grain: 12, shift: 0.05 });
  else blob(canvas, rect, rng, { cover: 0.43, grey: [60, 80], grain: 15, shift: 0, side: 0.2 });
}
