import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { renderPdf } from '../../src/scan/pdf-pages';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { pencilFill } from './pencil-fill';
import { drawPencil } from './scan-corpus/pencil';
import { RasterCanvas } from './scan-corpus/raster-canvas';
import { seeded } from './seeded-random';

/**
 * How one student's sheet reaches the scanner: `absent` leaves the sheet out of the stack (the
 * student missed the exam); `tick` marks every answer with a ✓ through the bubble instead of a
 * fill (the habit corpus's tick, scan-corpus/pencil.ts); `coverCode` hides the page code under a
 * blank sticker, so the reader cannot tell whose page it is.
 */
export type SheetHabit = { absent?: boolean; tick?: boolean; coverCode?: boolean };

/**
 * A real class print filled in and scanned, for the browser test: each page of the class PDF is
 * rasterised at `dpi` in grey (as a scanner delivers it), the bubbles `answerOf` names are filled
 * with pencil grey (or ticked, per `habitOf`), and the pages go back into one PDF of page images,
 * the shape of a scanner's output. The map says where each bubble is; sheets are student after
 * student, page after page.
 */
export async function fillClassPrint(
  classPdf: Uint8Array,
  map: CardGeometryV2,
  answerOf: (student: number, q: number, values: string[]) => string,
  dpi = 200,
  habitOf: (student: number) => SheetHabit = () => ({}),
  /** More on a sheet than its bubbles: a teacher's score-field marks, handwriting in written areas. */
  inkOf?: (student: number, cardPage: number, canvas: RasterCanvas, rng: () => number) => void,
): Promise<Buffer> {
  const out = await PDFDocument.create();
  for await (const { page: n, image } of renderPdf(classPdf, { dpi })) {
    const i = n - 1;
    const student = Math.floor(i / map.pages);
    const habit = habitOf(student);
    if (habit.absent) continue;
    const canvas = RasterCanvas.over(image, dpi);
    const rng = seeded(1000 + i);
    const cardPage = (i % map.pages) + 1;
    for (const group of map.groups.filter((g) => g.page === cardPage)) {
      const bubbles = map.bubbles.filter((b) => b.page === cardPage && b.q === group.q);
      const marked = answerOf(student, group.q, bubbles.map((b) => b.value));
      for (const b of bubbles.filter((b) => marked.includes(b.value))) {
        if (habit.tick) drawPencil(canvas, b.rect, 'tick', rng);
        else pencilFill(canvas.image, b.rect, dpi);
      }
    }
    inkOf?.(student, cardPage, canvas, rng);
    if (habit.coverCode) {
      const r = map.pageCode.rect;
      // A sticker is paper over paper: it whitens what it covers (the canvas's painting only darkens).
      const s = dpi / 72;
      for (let y = Math.max(0, Math.floor((r.y - 3) * s)); y < Math.min(canvas.image.height, Math.ceil((r.y + r.h + 3) * s)); y++)
        canvas.image.data.fill(250, y * canvas.image.width + Math.max(0, Math.floor((r.x - 3) * s)), y * canvas.image.width + Math.min(canvas.image.width, Math.ceil((r.x + r.w + 3) * s)));
    }
    const { width, height, data } = canvas.image;
    const png = await sharp(Buffer.from(data), { raw: { width, height, channels: 1 } }).png().toBuffer();
    const page = out.addPage([595.28, 841.89]);
    page.drawImage(await out.embedPng(png), { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
  return Buffer.from(await out.save());
}
