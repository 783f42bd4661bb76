import yauzl from 'yauzl';
import { IMPORT_MAX_INFLATED_BYTES, IMPORT_MAX_ZIP_ENTRIES } from '../../../shared/limits';
import { AppError } from '../../errors/app-error';

/**
 * An .xlsx is a zip, and a 2 MB zip can inflate to gigabytes. Before any parser sees it, every
 * entry is inflated here into a counter (nothing kept) and the whole refused once the total
 * passes the bound — declared sizes are checked first, and yauzl refuses entries that lie.
 */
export async function assertSaneZip(buffer: Buffer): Promise<void> {
  const zip = await openZip(buffer);
  let entries = 0;
  let inflated = 0;
  try {
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) return;
      entries += 1;
      inflated += entry.uncompressedSize;
      if (entries > IMPORT_MAX_ZIP_ENTRIES || inflated > IMPORT_MAX_INFLATED_BYTES) throw new AppError('BAD_REQUEST', 'import.zipBomb');
      await drain(zip, entry);
    }
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new AppError('BAD_REQUEST', 'import.malformed'));
      else resolve(zip);
    });
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    zip.once('entry', (entry: yauzl.Entry) => (cleanup(), resolve(entry)));
    zip.once('end', () => (cleanup(), resolve(null)));
    zip.once('error', () => (cleanup(), reject(new AppError('BAD_REQUEST', 'import.malformed'))));
    zip.readEntry();
  });
}

function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new AppError('BAD_REQUEST', 'import.malformed'));
      stream.on('data', () => undefined);
      stream.on('end', () => resolve());
      stream.on('error', () => reject(new AppError('BAD_REQUEST', 'import.zipBomb')));
    });
  });
}
