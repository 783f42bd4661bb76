import { splitPairs } from '../pairs';

// Messages only the page editor's dialogs and image upload give (page-editor.md §5, §8), verbatim.
// 輸入不全 / 設定值超過上限 / 高度請勿超過欄高 are the block schema's own (./cards.ts).
const messages = {
  'editor.dialog.noValue': ['尚未填入數值', 'No value entered'],
  'editor.dialog.imageTooTall': ['圖片高度超過欄高,因此無法更新', 'The image is taller than its column, so it was not updated'],
  'editor.dialog.imageTooShort': ['圖片高度最小為40px', 'The image must be at least 40 px tall'],
  'editor.image.overLimit': ['圖片寬度上限1200px，高度上限1200px，檔案尺寸上限1MB', 'Images may be at most 1200 px wide, 1200 px tall and 1 MB'],
  'editor.image.notImage': ['僅接受 PNG、JPEG、GIF、WebP 圖片', 'Only PNG, JPEG, GIF and WebP images are accepted'],
} as const satisfies Record<string, readonly [string, string]>;

export const editorDialogMessages = splitPairs(messages);
