import { splitPairs } from '../pairs';

// The PDF conversion (docs/pdf-rendering.md): [tw, en] side by side.
const messages = {
  'card.pdf.lockedConverting': ['卷卡轉存中，內容暫時無法編輯，請待轉存完成後再試', 'This card is being converted to PDF; its content can be edited again once the conversion ends'],
  'card.pdf.failed.timeout': ['卷卡內容過多，轉存逾時，請減少頁數或內容後再試', 'The card has too much content and its conversion timed out; reduce its pages or content and try again'],
  'card.pdf.failed.stalled': ['轉存程序多次中斷，請稍後再試', 'The conversion was interrupted several times; try again later'],
  'card.pdf.failed.clipped': ['有題目的選項超出欄位而無法完整印出，請在編輯器加寬該欄位或減少選項後再轉存', 'A question has options that stick out of their cell and would not print; widen the cell or reduce the options in the editor, then convert again'],
  'card.pdf.failed.failed': ['轉存失敗，請稍後再試；若仍失敗請洽系統管理者', 'The conversion failed; try again later, and contact the system administrator if it fails again'],
} as const satisfies Record<string, readonly [string, string]>;

export const pdfMessages = splitPairs(messages);
