import type { CardGeometryV2 } from '../../shared/geometry/card-geometry';
import { loadCardMap } from '../../shared/geometry/card-map';
import type { FileStorage } from '../../data/storage/file-storage';
import type { GrayImage, PageReading, ReadPageInput } from '../../scan/page-reading';

// A page whose code the reader could not decode (covered, torn, smudged) but whose registration
// marks it found is measured once more as each page of the batch's card (ReadPageInput.assume).
// The readings are kept beside the page (scan_pages.assumed) with the card page holding the most
// marks as the guess: assigning the page to a student then reads it like any identified page
// (docs/scan-batches.md "Assigning a page"). Nothing is decided here — the page stays for review.

export interface AssumedReadings {
  /** The card page with the most marked fill, the review's default. */
  guess: number;
  readings: Record<string, PageReading>;
}

export function assumedReader(storage: FileStorage, batch: { document_id: number; geometry_key: string | null }) {
  let map: Promise<CardGeometryV2 | null> | null = null;
  const load = async () => {
    const parsed = await loadCardMap((key) => storage.get(key), batch.geometry_key);
    return parsed?.version === 2 ? parsed : null;
  };
  return async (reading: PageReading, image: GrayImage, read: (input: ReadPageInput) => Promise<PageReading>, mapFor: ReadPageInput['mapFor']): Promise<AssumedReadings | null> => {
    if (reading.status !== 'unidentified' || reading.code !== null) return null;
    map ??= load();
    const card = await map;
    if (!card) return null;
    const readings: Record<string, PageReading> = {};
    let guess = 1;
    let most = -1;
    for (let page = 1; page <= card.pages; page++) {
      const assume = { document: batch.document_id, layout: card.layout, page };
      const measured = await read({ image, mapFor, assume });
      if (measured.questions.length === 0) continue;
      readings[String(page)] = { ...measured, code: assume };
      const ink = measured.questions.reduce((sum, q) => sum + Math.max(0, ...Object.values(q.fills)), 0);
      if (ink > most) [most, guess] = [ink, page];
    }
    return Object.keys(readings).length ? { guess, readings } : null;
  };
}
