import { splitPairs } from '../pairs';

// The PDF conversion (docs/pdf-rendering.md): [tw, en] side by side.
const messages = {
  'card.pdf.lockedConverting': ['卷卡轉存中，內容暫時無法編輯，請待轉存完成後再試', 'This card is being converted to PDF; its content can be edited again once the conversion ends'],
} as const satisfies Record<string, readonly [string, string]>;

export const pdfMessages = splitPairs(messages);
