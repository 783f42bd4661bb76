import { splitPairs } from '../../shared/i18n/pairs';

// UI strings of the PDF viewer screens: [tw, en] side by side (merged into ./tw.ts and ./en.ts).
const viewerStrings = {
  'viewer.prev': ['上一頁', 'Previous page'],
  'viewer.next': ['下一頁', 'Next page'],
  'viewer.page': ['第 {page} / {pages} 頁', 'page {page} / {pages}'],
  'viewer.zoomIn': ['放大', 'Zoom in'],
  'viewer.zoomOut': ['縮小', 'Zoom out'],
  'viewer.loading': ['PDF 載入中…', 'Loading the PDF…'],
  'viewer.back': ['返回', 'Go back'],
  'viewer.previewTitle': ['卷卡預覽', 'Card preview'],
  'viewer.showTitle': ['範本檢視', 'Template view'],
  'viewer.shareShowTitle': ['分享卷卡檢視', 'Shared card view'],
  'viewer.schoolTemplateTitle': ['校內範本預覽', 'School template preview'],
  'viewer.download': ['下載預覽', 'Download preview'],
  'viewer.downloadHint': ['僅供預覽，非正式使用', 'For preview only, not for official use'],
  'viewer.printStudents': ['列印（含學生資料）', 'Print with student data'],
  'viewer.printBlank': ['列印（不含學生資料）', 'Print without student data'],
  'viewer.numberPdf': ['題號檢查 PDF', 'Question-number check PDF'],
  'viewer.shareUser': ['分享給使用者', 'Share to a user'],
  'viewer.shareUser.user': ['使用者', 'User'],
  'viewer.copies.title': ['列印空白卷', 'Print blank copies'],
  'viewer.copies.label': ['份數（1–{max}）', 'Copies (1–{max})'],
  'viewer.copies.submit': ['下載 PDF', 'Download PDF'],
  'viewer.copies.versionsNote': ['各份依序輪流為 A、B…卷（第 1 份 A 卷、第 2 份 B 卷…），卷別印在每頁上方與頁碼中', 'Copies take the versions in turn (copy 1 A, copy 2 B …); the version is printed at the top of every page and in its page code'],
  'viewer.note.check': ['列印前請確認題號與版面是否正確。', 'Before printing, check the question numbers and the layout.'],
  'viewer.note.scale': [
    '縮放列印會導致讀卡失敗，請以「實際大小」或 100% 列印。',
    'Scaled printing makes the card unreadable by the reader: print at actual size or 100%.',
  ],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(viewerStrings);
export const viewerStringsTw = split.tw;
export const viewerStringsEn = split.en;
