import { ASSET_PATH_PREFIX } from '../../../shared/card/constants';
import type { Asset } from '../../../shared/card/page-document';
import type { Db } from '../../../data/db/database';
import { copyPagesAndOptions, listPages, upsertPage } from '../../../data/repos/document-pages.repo';
import type { FileStorage } from '../../../data/storage/file-storage';

// A copy into another school must take its images along: images are stored and served per school
// (card-images.ts), and the PDF job reads a card's images from its own school's folder only.

interface Owner {
  id: number;
  client_id: number;
}

const schoolFolder = (schoolId: number) => `${ASSET_PATH_PREFIX}${schoolId}/`;

/** Every page and option of `from` into `to`; images of another school are copied into `to`'s folder. */
export async function copyPages(db: Db, storage: FileStorage, from: Owner, to: Owner): Promise<void> {
  await copyPagesAndOptions(db, from.id, to.id);
  if (from.client_id !== to.client_id) await rehomeImages(db, storage, to.id, from.client_id, to.client_id);
}

async function rehomeImages(db: Db, storage: FileStorage, documentId: number, fromSchool: number, toSchool: number): Promise<void> {
  const source = schoolFolder(fromSchool);
  const target = schoolFolder(toSchool);
  for (const { page_no: pageNo, ...page } of await listPages(db, documentId)) {
    const assets = JSON.parse(page.assets) as Asset[];
    const moved = new Set<string>();
    for (const asset of assets) {
      if (!asset.src.startsWith(source)) continue;
      const file = asset.src.slice(source.length);
      if (moved.has(file) || (await copyFile(storage, `${source}${file}`, `${target}${file}`, asset.type))) moved.add(file);
    }
    if (moved.size === 0) continue;
    const rehome = (text: string) => [...moved].reduce((out, file) => out.replaceAll(`${source}${file}`, `${target}${file}`), text);
    const rehomed = assets.map((a) => ({ ...a, src: rehome(a.src) }));
    await upsertPage(db, documentId, pageNo, { ...page, html: rehome(page.html), assets: JSON.stringify(rehomed) });
  }
}

/** Storage keys are the asset paths without the leading slash; a missing source is left as it was. */
async function copyFile(storage: FileStorage, fromPath: string, toPath: string, type: string): Promise<boolean> {
  const body = await storage.get(fromPath.slice(1));
  if (!body) return false;
  await storage.put(toPath.slice(1), body, type);
  return true;
}
