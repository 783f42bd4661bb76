import { splitPairs } from '../../shared/i18n/pairs';

// UI strings of the editor added by issue 15 (page list, quick build, capacity): [tw, en].
const editorPageStrings = {
  'editor.pages.add': ['新增頁面', 'Add page'],
  'editor.pages.list': ['頁面', 'Pages'],
  'editor.pages.page': ['第 {page} 頁', 'Page {page}'],
  'editor.pages.new': ['（未儲存）', '(not saved)'],
  'editor.pages.moveLeft': ['往前移', 'Move earlier'],
  'editor.pages.moveRight': ['往後移', 'Move later'],
  'editor.pages.delete': ['刪除此頁', 'Delete this page'],
  'editor.pages.deleteTitle': ['刪除第 {page} 頁？', 'Delete page {page}?'],
  'editor.pages.deleteBody': ['此頁的內容將被刪除，之後的頁面往前遞補，卷卡需重新轉存。', 'The page’s content is deleted, later pages move up, and the card must be converted again.'],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(editorPageStrings);
export const editorPageStringsTw = split.tw;
export const editorPageStringsEn = split.en;
