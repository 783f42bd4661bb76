import { ZCardGeometry, type CardGeometry } from './card-geometry';

/** How a caller reads a stored file: its bytes, or null when it is gone (FileStorage.get, a test's map). */
type ReadStored = (key: string) => Promise<Uint8Array | null>;

/**
 * A card's map (the geometry.json of its conversion, docs/omr-geometry.md) as stored, parsed and
 * checked: the one place a stored map is read, by the services, the print and scan jobs alike.
 * Null when the card has no map (never converted) or its file is gone from storage.
 */
export async function loadCardMap(read: ReadStored, key: string | null | undefined): Promise<CardGeometry | null> {
  if (!key) return null;
  const bytes = await read(key);
  return bytes ? ZCardGeometry.parse(JSON.parse(new TextDecoder().decode(bytes))) : null;
}
