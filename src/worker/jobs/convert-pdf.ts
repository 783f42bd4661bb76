import { createHash } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import type { CardGeometryV2, Rect } from '../../shared/geometry/card-geometry';
import { reservedZoneHit } from '../../shared/geometry/scan-layout';
import { printBaseKey } from '../../pdf/print-source';
import { scanReadyPdfs } from '../../pdf/scan-ready-pdf';
import { assertStorageKey, type FileStorage } from '../../data/storage/file-storage';
import type { PdfRenderer } from '../render/pdf-renderer';
import type { AssetSource } from '../render/sandbox-policy';
import { ZConvertPdfJob, type TConvertPdfResult } from '../../shared/jobs/convert-pdf-job';

/**
 * Renders the pages and stores the PDF and its canonical geometry map under a folder named by the
 * pages' digest (see ZConvertPdfJob). The map is written last: a result whose map exists is whole.
 */
export async function convertPdf(renderer: PdfRenderer, storage: FileStorage, data: unknown): Promise<TConvertPdfResult> {
  const job = ZConvertPdfJob.parse(data);
  const digest = createHash('sha256').update(JSON.stringify(job.pages)).digest('hex').slice(0, 24);
  const pdfKey = `${job.folder}/${digest}/card.pdf`;
  const geometryKey = `${job.folder}/${digest}/geometry.json`;
  const { pdf, geometry, sandbox, clipped } = await renderer.render({ pages: job.pages }, scopedAssets(storage, job.assetFolder));
  assertClearOfScanMarks(geometry);
  if (clipped > 0) throw new ClippedBubblesError(`${clipped} answer or score bubbles are clipped by the box around them`);
  const { base, card } = await scanReadyPdfs(pdf, geometry, job.documentId);
  await storage.put(printBaseKey(pdfKey), Buffer.from(base), 'application/pdf');
  await storage.put(pdfKey, Buffer.from(card), 'application/pdf');
  await storage.put(geometryKey, Buffer.from(JSON.stringify(geometry)), 'application/json');
  return { pdfKey, geometryKey, pages: geometry.pages, bubbles: geometry.bubbles.length, refused: sandbox.refused.slice(0, 20) };
}

/** Content under a registration mark or the page code would be misread: the conversion fails, and retrying cannot help. */
export class ReservedZoneError extends UnrecoverableError {}

function assertClearOfScanMarks(geometry: CardGeometryV2): void {
  const rects: { page: number; rect: Rect }[] = [...geometry.bubbles, ...geometry.groups, ...(geometry.scoreFields ?? [])];
  for (const rect of Object.values(geometry.header ?? {})) if (rect && 'x' in rect) rects.push({ page: 1, rect });
  const hit = rects.find(({ rect }) => reservedZoneHit(rect));
  if (hit) throw new ReservedZoneError(`content on page ${hit.page} reaches a scan mark's reserved zone`);
}

/** A bubble the box around it cuts into (a row too wide for its split cell) would be mapped but not printed whole: retrying cannot help. */
export class ClippedBubblesError extends UnrecoverableError {}

/** Storage seen through the asset origin: keys outside the folder, or not valid keys, are absent. */
function scopedAssets(storage: FileStorage, folder: string): AssetSource {
  return {
    get: async (key) => {
      if (!key.startsWith(`${folder}/`)) return null;
      try {
        assertStorageKey(key);
      } catch {
        return null; // refused like any other unknown asset, not a storage failure to retry
      }
      return storage.get(key);
    },
  };
}
