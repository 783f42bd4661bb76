import { mostPrintVersions } from '../../data/repos/print-tickets.repo';
import { schoolStudentIds } from '../../data/repos/students.repo';
import type { Db } from '../../data/db/database';
import type { FileStorage } from '../../data/storage/file-storage';
import { loadCardMap } from '../../shared/geometry/card-map';
import { pageCodesOf } from '../../scan/code-candidates';

/**
 * The reader's `codes` for one batch (ReadPageInput.codes, src/scan/code-candidates.ts): the page
 * codes a class print of the batch's card can carry — its current conversion's pages × the school's
 * students, in every version the card was printed in. Loaded once, and only when a photo's code is
 * blurred past decoding; a failed load is tried again on the next such page.
 */
export function batchCodesLoader(db: Db, storage: FileStorage, batch: { id: number; client_id: number; document_id: number; geometry_key: string | null }): () => Promise<readonly string[]> {
  // One list a batch in this process, shared by its parts (encoding a school's 6,000 codes takes ≈ 0.55 s, once).
  const kept = loaders.get(batch.id);
  if (kept) return kept;
  let codes: Promise<readonly string[]> | null = null;
  const load = async (): Promise<readonly string[]> => {
    const map = await loadCardMap((key) => storage.get(key), batch.geometry_key);
    if (map?.version !== 2) return [];
    const [students, versions] = await Promise.all([schoolStudentIds(db, batch.client_id), mostPrintVersions(db, batch.client_id, batch.document_id)]);
    return pageCodesOf({ document: batch.document_id, layout: map.layout, pages: map.pages, students: students.map((s) => s.id), versions });
  };
  const loader = () => (codes ??= load().catch((error: unknown) => ((codes = null), Promise.reject(error))));
  loaders.set(batch.id, loader);
  if (loaders.size > KEPT_BATCHES) loaders.delete(loaders.keys().next().value!);
  return loader;
}

/** The loaders of the last batches this process read (parts of one batch follow each other). */
const loaders = new Map<number, () => Promise<readonly string[]>>();
const KEPT_BATCHES = 4;
