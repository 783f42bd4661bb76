import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { parsePgm } from '../../src/scan/pdf-pages';
import type { CardGeometryV2, Rect } from '../../src/shared/geometry/card-geometry';

const run = promisify(execFile);

/**
 * A real class print filled in and scanned, for the browser test: each page of the class PDF is
 * rasterised at `dpi` in grey (as a scanner delivers it), the bubbles `answerOf` names are filled
 * with pencil grey, and the pages go back into one PDF of page images, the shape of a scanner's
 * output. The map says where each bubble is; sheets are student after student, page after page.
 */
export async function fillClassPrint(
  classPdf: Uint8Array,
  map: CardGeometryV2,
  answerOf: (student: number, q: number, values: string[]) => string,
  dpi = 200,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'acs-fill-'));
  try {
    await writeFile(join(dir, 'class.pdf'), classPdf);
    await run('pdftoppm', ['-gray', '-r', String(dpi), join(dir, 'class.pdf'), join(dir, 'p')]);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.pgm')).sort();
    const out = await PDFDocument.create();
    for (const [i, file] of files.entries()) {
      const image = parsePgm(await readFile(join(dir, file)));
      const student = Math.floor(i / map.pages);
      const cardPage = (i % map.pages) + 1;
      for (const group of map.groups.filter((g) => g.page === cardPage)) {
        const bubbles = map.bubbles.filter((b) => b.page === cardPage && b.q === group.q);
        const marked = answerOf(student, group.q, bubbles.map((b) => b.value));
        for (const b of bubbles) if (marked.includes(b.value)) pencil(image, b.rect, dpi);
      }
      const png = await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 1 } }).png().toBuffer();
      const page = out.addPage([595.28, 841.89]);
      page.drawImage(await out.embedPng(png), { x: 0, y: 0, width: 595.28, height: 841.89 });
    }
    return Buffer.from(await out.save());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A firm 2B fill: the bubble's inside, a little short of its outline, in graphite grey. */
function pencil(image: { width: number; data: Uint8Array }, rect: Rect, dpi: number): void {
  const s = dpi / 72;
  const inset = 0.12;
  for (let y = Math.round((rect.y + rect.h * inset) * s); y < Math.round((rect.y + rect.h * (1 - inset)) * s); y++)
    for (let x = Math.round((rect.x + rect.w * inset) * s); x < Math.round((rect.x + rect.w * (1 - inset)) * s); x++) image.data[y * image.width + x] = Math.min(image.data[y * image.width + x], 70);
}
