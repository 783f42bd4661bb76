import type { PageCode } from '../../shared/geometry/page-code';
import { ZCardGeometry, type CardGeometryV2 } from '../../shared/geometry/card-geometry';
import type { FileStorage } from '../../data/storage/file-storage';

/**
 * The reader's `mapFor` for one batch: only the batch's own card, and only its current conversion
 * (the layout in the page code must match the map's), so a page of another school's card, or one
 * printed from an older conversion, is never measured with the wrong map.
 */
export function batchMapLoader(storage: FileStorage, batch: { document_id: number; geometry_key: string | null }) {
  let map: Promise<CardGeometryV2 | null> | null = null;
  const load = async (): Promise<CardGeometryV2 | null> => {
    if (!batch.geometry_key) return null;
    const bytes = await storage.get(batch.geometry_key);
    if (!bytes) return null;
    const parsed = ZCardGeometry.parse(JSON.parse(bytes.toString('utf8')));
    return parsed.version === 2 ? parsed : null;
  };
  return async (code: PageCode): Promise<CardGeometryV2 | null> => {
    if (code.document !== batch.document_id) return null;
    map ??= load();
    const loaded = await map;
    return loaded && loaded.layout === code.layout && code.page <= loaded.pages ? loaded : null;
  };
}
