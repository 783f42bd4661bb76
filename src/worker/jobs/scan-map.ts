import type { PageCode } from '../../shared/geometry/page-code';
import type { CardGeometryV2 } from '../../shared/geometry/card-geometry';
import { loadCardMap } from '../../shared/geometry/card-map';
import type { FileStorage } from '../../data/storage/file-storage';

/**
 * The reader's `mapFor` for one batch: only the batch's own card, and only its current conversion
 * (the layout in the page code must match the map's), so a page of another school's card, or one
 * printed from an older conversion, is never measured with the wrong map.
 */
export function batchMapLoader(storage: FileStorage, batch: { document_id: number; geometry_key: string | null }) {
  let map: Promise<CardGeometryV2 | null> | null = null;
  const load = async (): Promise<CardGeometryV2 | null> => {
    const parsed = await loadCardMap((key) => storage.get(key), batch.geometry_key);
    return parsed?.version === 2 ? parsed : null;
  };
  return async (code: PageCode): Promise<CardGeometryV2 | null> => {
    if (code.document !== batch.document_id) return null;
    map ??= load();
    const loaded = await map;
    return loaded && loaded.layout === code.layout && code.page <= loaded.pages ? loaded : null;
  };
}
