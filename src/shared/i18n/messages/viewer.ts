import { BLANK_COPIES_MAX } from '../../limits';
import { splitPairs } from '../pairs';

// The PDF viewer screens: [tw, en] side by side. The spec's Chinese messages are the tw strings, verbatim.
const messages = {
  'viewer.notConverted': ['試卷尚未進行轉存，請先於試卷列表進行轉存', 'The test card has not been converted yet; convert it first in the card list'],
  'viewer.copies.range': [`份數須介於 1 到 ${BLANK_COPIES_MAX} 之間`, `Copies must be between 1 and ${BLANK_COPIES_MAX}`],
  'viewer.shareUser.required': ['請選擇使用者', 'Choose a user'],
  'viewer.shareUser.done': ['已分享給 {name}', 'Shared to {name}'],
  'viewer.previewSuffix': ['預覽', 'preview'],
  'viewer.blankSuffix': ['空白卷 {copies} 份', '{copies} blank copies'],
  'viewer.numberSuffix': ['題號檢查', 'number check'],
  'viewer.watermark': ['預覽用 非正式使用', 'PREVIEW · NOT FOR OFFICIAL USE'],
} as const satisfies Record<string, readonly [string, string]>;

export const viewerMessages = splitPairs(messages);
