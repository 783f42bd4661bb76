import type { Deps } from '../../deps';
import type { DocumentRow } from '../../../data/db/tables/documents.table';
import { deleteDocument } from '../../../data/repos/documents.repo';
import { printLogKeys } from '../../../data/repos/print-logs.repo';
import { printBaseKey } from '../../../pdf/print-source';

// Deleting a card, template or received share: its pages, options, print logs and tickets go with
// the row (foreign keys cascade); its files are storage's, so they are deleted here — the current
// PDF, its print base and geometry map and every print-log file. Files go after the row: a failure to delete one
// leaves an unreachable file, never a row pointing at a missing file.

export async function removeDocument(deps: Deps, doc: Pick<DocumentRow, 'id' | 'pdf_key' | 'geometry_key'>): Promise<void> {
  const logs = await printLogKeys(deps.db, doc.id);
  await deleteDocument(deps.db, doc.id);
  const keys = [doc.pdf_key, doc.pdf_key && printBaseKey(doc.pdf_key), doc.geometry_key, ...logs.map((log) => log.storage_key)].filter((key): key is string => !!key);
  await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
}
