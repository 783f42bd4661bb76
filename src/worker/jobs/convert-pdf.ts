import { createHash } from 'node:crypto';
import { assertStorageKey, type FileStorage } from '../../server/storage/file-storage';
import type { PdfRenderer } from '../render/pdf-renderer';
import type { AssetSource } from '../render/sandbox-policy';
import { ZConvertPdfJob, type TConvertPdfResult } from './convert-pdf.types';

/**
 * Renders the pages and stores the PDF and its canonical geometry map under a folder named by the
 * pages' digest (see ZConvertPdfJob). The map is written last: a result whose map exists is whole.
 */
export async function convertPdf(renderer: PdfRenderer, storage: FileStorage, data: unknown): Promise<TConvertPdfResult> {
  const job = ZConvertPdfJob.parse(data);
  const digest = createHash('sha256').update(JSON.stringify(job.pages)).digest('hex').slice(0, 24);
  const pdfKey = `${job.folder}/${digest}/card.pdf`;
  const geometryKey = `${job.folder}/${digest}/geometry.json`;
  const { pdf, geometry, sandbox } = await renderer.render({ pages: job.pages }, scopedAssets(storage, job.assetFolder));
  await storage.put(pdfKey, pdf, 'application/pdf');
  await storage.put(geometryKey, Buffer.from(JSON.stringify(geometry)), 'application/json');
  return { pdfKey, geometryKey, pages: geometry.pages, bubbles: geometry.bubbles.length, refused: sandbox.refused.slice(0, 20) };
}

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
