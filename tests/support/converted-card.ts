import { randomUUID } from 'node:crypto';
import { scanReadyPdfs } from '../../src/pdf/scan-ready-pdf';
import { insertDocument } from '../../src/data/repos/documents.repo';
import { renderPageHtml } from '../../src/shared/card/render/render-card-html';
import type { CardGeometryV2 } from '../../src/shared/geometry/card-geometry';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer } from '../../src/worker/render/pdf-renderer';
import type { PageComponents } from '../../src/shared/card/page-blocks';
import type { Db } from '../../src/data/db/database';
import type { FileStorage } from '../../src/data/storage/file-storage';
import type { Signed } from './card-fixtures';
import { firstPage } from './card-pages';
import type { TestApp } from './test-app';

/**
 * The product's conversion of a one-page card of `questions` questions: Chromium render →
 * scan-ready PDFs and the v2 map, stored as a conversion stores them (the row `converted`).
 * `base` is the print base (marks, no page codes) a class print is composed on.
 */
export function convertedCard(app: TestApp, teacher: Signed, title: string, questions: number): Promise<ConvertedCard> {
  return convertCard(app.deps, teacher, title, firstPage(questions));
}

export type ConvertedCard = { id: number; guid: string; map: CardGeometryV2; base: Uint8Array };

/** The same for any page of blocks, into any database and storage (the e2e app's, from a browser suite). */
export async function convertCard(deps: { db: Db; storage: Pick<FileStorage, 'put'> }, owner: { schoolId: number; userId: number }, title: string, components: PageComponents): Promise<ConvertedCard> {
  const guid = randomUUID();
  const id = await insertDocument(deps.db, { guid, kind: 'card', client_id: owner.schoolId, user_id: owner.userId, title, mode: 'omr', size: 'A4', privacy: 'client', source_id: null, pdf_key: null });
  const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', restartEvery: 100 });
  try {
    const page = renderPageHtml({ components, assets: [], page: 1, startNumber: 1, schoolName: '示範高級中學' });
    const rendered = await new PdfRenderer(host, 60_000).render({ pages: [{ html: page.html, css: page.css }] });
    const map = rendered.geometry;
    const { base, card: pdf } = await scanReadyPdfs(rendered.pdf, map, id);
    const folder = `pdf/converted-${guid}`;
    await deps.storage.put(`${folder}/card.pdf`, Buffer.from(pdf), 'application/pdf');
    await deps.storage.put(`${folder}/print-base.pdf`, Buffer.from(base), 'application/pdf');
    await deps.storage.put(`${folder}/geometry.json`, Buffer.from(JSON.stringify(map)), 'application/json');
    await deps.db.updateTable('documents').set({ status: 'converted', pdf_key: `${folder}/card.pdf`, geometry_key: `${folder}/geometry.json` }).where('id', '=', id).execute();
    return { id, guid, map, base };
  } finally {
    await host.close();
  }
}
