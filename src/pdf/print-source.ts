import type { CardGeometry } from '../shared/geometry/card-geometry';
import { loadCardMap } from '../shared/geometry/card-map';

/**
 * What copies of a converted card are composed from (docs/pdf-rendering.md "Stored files"): the
 * print base stored beside card.pdf — the pages with registration marks and no page code, since
 * every copy draws its own — and the map. Conversions made before scan marks have no base and a
 * map of version 1: their card.pdf is the source, and copies get no page codes.
 */
export const printBaseKey = (pdfKey: string) => pdfKey.replace(/card\.pdf$/, 'print-base.pdf');

export type PrintSource = { pdf: Uint8Array; geometry: CardGeometry };

/** null when a file is missing from storage. */
export async function loadPrintSource(get: (key: string) => Promise<Uint8Array | null>, pdfKey: string, geometryKey: string): Promise<PrintSource | null> {
  const [geometry, base] = await Promise.all([loadCardMap(get, geometryKey), pdfKey.endsWith('card.pdf') ? get(printBaseKey(pdfKey)) : null]);
  if (!geometry) return null;
  const pdf = geometry.version === 2 ? base : await get(pdfKey);
  return pdf ? { pdf, geometry } : null;
}

/** The print card fields a map gives: header, and the page code's document and layout for maps with scan marks. */
export function printCardOf(geometry: CardGeometry, documentId: number) {
  const header = geometry.header ?? { gradeBubbles: [], classBubbles: [], seatBubbles: [] };
  return geometry.version === 2 ? { header, code: { document: documentId, layout: geometry.layout } } : { header };
}
