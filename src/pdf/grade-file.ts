import { PDFDocument } from 'pdf-lib';

// The combined file of a print ticket (issue 14): every class file in class order in one PDF, a
// blank page added after a class that ends on a front page, so with duplex printing each class
// starts on a new sheet and the stack separates by class. The class files are copied as they are:
// nothing is drawn, so the pages keep their own resources (docs/print-service.md "Files").

/** The one storage call combining needs (src/data/storage/file-storage.ts has it): the engine depends on shared code only. */
interface ClassFiles {
  get(key: string): Promise<Buffer | null>;
}

export async function combineClassFiles(storage: ClassFiles, keys: readonly string[]): Promise<Uint8Array | null> {
  const out = await PDFDocument.create();
  let size: [number, number] | undefined;
  for (const key of keys) {
    const bytes = await storage.get(key);
    if (!bytes) throw new Error(`the class file ${key} is missing from storage`);
    const source = await PDFDocument.load(bytes);
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) out.addPage(page);
    size ??= [pages[0].getWidth(), pages[0].getHeight()];
    if (out.getPageCount() % 2 === 1) out.addPage(size);
  }
  return out.getPageCount() === 0 ? null : out.save();
}
