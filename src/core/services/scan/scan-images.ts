import sharp from 'sharp';
import { A4_PT, type CardGeometry, type Rect } from '../../../shared/geometry/card-geometry';
import { loadCardMap } from '../../../shared/geometry/card-map';
import { PT_PER_MM } from '../../../shared/geometry/scan-layout';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { cropStoredPage } from '../../../scan/page-placement';
import { readablePage } from './scan-access';

// The scanned image of a page, or the crop of one question row for review. Stored pages are the
// right way up; a map rectangle is placed on the image by the reading's homography (exact on a
// skewed or shifted sheet), or for readings stored without one scaled to the image's width (within
// the few mm a scanner shifts a sheet); the crop keeps a margin around the row. A question's crop runs from
// its number to its last bubble; the review screen shows it enlarged.

/** Around the row: room for a shifted sheet sideways, little above and below so the row stands out. */
const MARGIN_PT = { x: 6 * PT_PER_MM, y: 3 * PT_PER_MM };
/** A whole page is sent at most this wide (pages stored before review images were shrunk to ≈ 850 px are larger). */
const PAGE_WIDTH_PX = 900;

/** A question's row on its card page, in points: from its number cell to its last bubble. */
export function rowRect(map: CardGeometry, cardPage: number, q: number): Rect | null {
  const group = map.groups.find((g) => g.page === cardPage && g.q === q);
  const bubbles = map.bubbles.filter((b) => b.page === cardPage && b.q === q).map((b) => b.rect);
  // The row from its number cell to its last bubble: the empty rest of a wide row would only
  // shrink the marks on screen.
  if (group) return bubbles.length ? { ...group.rect, w: Math.min(group.rect.w, Math.max(...bubbles.map((r) => r.x + r.w)) - group.rect.x) } : group.rect;
  if (bubbles.length === 0) return null;
  const x = Math.min(...bubbles.map((r) => r.x));
  const y = Math.min(...bubbles.map((r) => r.y));
  return { x, y, w: Math.max(...bubbles.map((r) => r.x + r.w)) - x, h: Math.max(...bubbles.map((r) => r.y + r.h)) - y };
}

/** The score fields (閱卷給分格) of question q on its card page, as one rectangle; null without one. */
export function fieldRect(map: CardGeometry, cardPage: number, q: number): Rect | null {
  const fields = map.version === 2 ? (map.scoreFields ?? []).filter((f) => f.page === cardPage && f.q === q).map((f) => f.rect) : [];
  if (fields.length === 0) return null;
  const x = Math.min(...fields.map((r) => r.x));
  const y = Math.min(...fields.map((r) => r.y));
  return { x, y, w: Math.max(...fields.map((r) => r.x + r.w)) - x, h: Math.max(...fields.map((r) => r.y + r.h)) - y };
}

async function questionRect(deps: Deps, geometryKey: string | null, cardPage: number, q: number, field: boolean): Promise<Rect | null> {
  const map = await loadCardMap((key) => deps.storage.get(key), geometryKey);
  return map ? ((field ? fieldRect(map, cardPage, q) : null) ?? rowRect(map, cardPage, q)) : null;
}

/** A page's image as JPEG base64: the question's row (or with `field` its score fields) when `q` is given (and found), else the page. */
export async function scanPageImage(deps: Deps, actor: Actor, pageId: number, q?: number, field = false) {
  const { page, batch } = await readablePage(deps.db, actor, pageId);
  const bytes = page.image_key ? await deps.storage.get(page.image_key) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'scan.pageMissing');
  const image = sharp(bytes);
  const { width = 0, format } = await image.metadata();
  const rect = q !== undefined && page.card_page !== null ? await questionRect(deps, batch.geometry_key, page.card_page, q, field) : null;
  if (rect) {
    // Placed by the reading's homography when it kept one (src/scan/page-placement.ts), else the map scaled to the image's width.
    const around = { x: rect.x - MARGIN_PT.x, y: rect.y - MARGIN_PT.y, w: rect.w + 2 * MARGIN_PT.x, h: rect.h + 2 * MARGIN_PT.y };
    return { base64: (await cropStoredPage(bytes, page.reading, around, A4_PT.w, 80)).toString('base64'), crop: true };
  }
  // A review image stored small enough (src/scan/review-image.ts) goes out as it is.
  if (format === 'jpeg' && width <= PAGE_WIDTH_PX) return { base64: bytes.toString('base64'), crop: false };
  return { base64: (await image.resize({ width: Math.min(width, PAGE_WIDTH_PX) }).jpeg({ quality: 75 }).toBuffer()).toString('base64'), crop: false };
}
