import sharp from 'sharp';
import type { FileStorage } from '../../data/storage/file-storage';
import type { CardGeometryV2 } from '../../shared/geometry/card-geometry';
import { PT_PER_MM } from '../../shared/geometry/scan-layout';
import type { PageCode } from '../../shared/geometry/page-code';
import type { GrayImage } from '../../scan/page-reading';
import { cropPlaced, pxPerPtOf } from '../../scan/page-placement';
import { writtenCropKey } from '../../shared/jobs/scan-batch-job';

// Crops of the written answers for on-screen grading (docs/grading.md "On-screen grading"), kept
// at read time from the full scan: the stored page image is ≈ 100 dpi (review), too coarse for
// handwriting, so each free-answer area of the page is stored apart at ≥ 150 dpi (a 300 dpi scan
// halved, a 150–299 dpi scan as it is), the right way up. Key: `<page image key>.w<q>.jpg`.
// Placed by the reading's homography (`toImage`, src/scan/page-placement.ts): a skewed or shifted
// sheet's crop holds the answer area exactly, laid upright; a reading without one (a reader of
// before) falls back to the map scaled to the image's width.

const MARGIN_PT = 3 * PT_PER_MM;
const MIN_DPI = 150;


/** The map rectangles of each written question of a card page, with a margin for a shifted sheet. */
function writtenAreas(map: CardGeometryV2, cardPage: number): { q: number; x: number; y: number; w: number; h: number }[] {
  const byQ = new Map<number, { x: number; y: number; r: number; b: number }>();
  const choice = new Set(map.groups.filter((g) => g.kind !== 'free').map((g) => g.q));
  for (const g of map.groups) {
    if (g.page !== cardPage || g.kind !== 'free' || choice.has(g.q)) continue;
    const a = byQ.get(g.q) ?? { x: Infinity, y: Infinity, r: -Infinity, b: -Infinity };
    byQ.set(g.q, { x: Math.min(a.x, g.rect.x), y: Math.min(a.y, g.rect.y), r: Math.max(a.r, g.rect.x + g.rect.w), b: Math.max(a.b, g.rect.y + g.rect.h) });
  }
  return [...byQ].map(([q, a]) => ({ q, x: a.x - MARGIN_PT, y: a.y - MARGIN_PT, w: a.r - a.x + 2 * MARGIN_PT, h: a.b - a.y + 2 * MARGIN_PT }));
}

/** Stores the page's written-answer crops; nothing for a page of no card or without written questions. */
export async function storeWrittenCrops(
  storage: FileStorage,
  imageKey: string,
  image: GrayImage,
  reading: { code: PageCode | null; upsideDown: boolean; toImage?: readonly number[] },
  cardPage: number | null,
  mapFor: (code: PageCode) => Promise<CardGeometryV2 | null>,
): Promise<void> {
  if (!reading.code || cardPage === null) return;
  const map = await mapFor(reading.code);
  if (!map) return;
  const areas = writtenAreas(map, cardPage);
  if (areas.length === 0) return;
  const k = reading.toImage ? pxPerPtOf(reading.toImage) : image.width / map.page.w;
  const dpi = k * 72;
  // A whole factor that keeps ≥ 150 dpi (a 300 dpi scan measures 299.9… from its width: +1 absorbs that).
  const shrink = Math.max(1, Math.floor((dpi + 1) / MIN_DPI));
  if (reading.toImage) {
    for (const area of areas) {
      const crop = cropPlaced(image, reading.toImage, area, k / shrink);
      const jpeg = await sharp(Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength), { raw: { width: crop.width, height: crop.height, channels: 1 } }).jpeg({ quality: 80 }).toBuffer();
      await storage.put(writtenCropKey(imageKey, area.q), jpeg, 'image/jpeg');
    }
    return;
  }
  const raw = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  for (const area of areas) {
    // The reading is of the page turned upright; an upside-down raster holds the area turned half round.
    const x = reading.upsideDown ? map.page.w - area.x - area.w : area.x;
    const y = reading.upsideDown ? map.page.h - area.y - area.h : area.y;
    const left = Math.max(0, Math.floor(x * k));
    const top = Math.max(0, Math.floor(y * k));
    const width = Math.min(image.width - left, Math.ceil(area.w * k));
    const height = Math.min(image.height - top, Math.ceil(area.h * k));
    if (width < 8 || height < 8) continue;
    let crop = sharp(raw, { raw: { width: image.width, height: image.height, channels: 1 } }).extract({ left, top, width, height });
    if (shrink > 1) crop = crop.resize({ width: Math.round(width / shrink) });
    if (reading.upsideDown) crop = crop.rotate(180);
    await storage.put(writtenCropKey(imageKey, area.q), await crop.toColourspace('b-w').jpeg({ quality: 80 }).toBuffer(), 'image/jpeg');
  }
}
