import { splitPairs } from '../pairs';

// The editor's page list (issue 15): [tw, en].
const messages = {
  'card.page.firstFixed': ['第 1 頁（含卷頭）不可刪除或移動', 'Page 1 (with the header) cannot be deleted or moved'],
  'card.page.missing': ['此頁尚未儲存', 'This page has not been saved'],
  'card.page.deleted': ['已刪除第 {page} 頁', 'Page {page} deleted'],
  'card.page.moved': ['已移動頁面', 'Page moved'],
} as const satisfies Record<string, readonly [string, string]>;

export const cardPageMessages = splitPairs(messages);
