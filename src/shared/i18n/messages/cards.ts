import { splitPairs } from '../pairs';
import { CARD_BUDGET } from '../../card/constants';

const n = (value: number) => value.toLocaleString('en-US');

// Cards and templates: [tw, en] side by side. The spec's Chinese messages are the tw strings, verbatim.
const messages = {
  // block schema (page-editor.md §5)
  'card.block.incomplete': ['輸入不全', 'Input incomplete'],
  'card.block.overLimit': ['設定值超過上限', 'Value exceeds the limit'],
  'card.block.badId': ['元件代碼不正確', 'Invalid block id'],
  'card.block.badHeight': ['高度請勿超過欄高', 'Height must not exceed the field'],
  'card.block.adjacentColumns': ['左右欄元件不可相鄰', 'Left and right column elements may not be adjacent'],
  'card.block.scoreBoxHalf': ['滿分含 0.5 分時需印出 0.5 分格', 'A maximum ending in .5 needs the .5 bubble'],
  'card.asset.remote': ['圖片來源僅限上傳的圖片', 'Images must be uploaded, not linked'],
  'card.asset.missing': ['圖片 {id} 不存在於此頁', 'Image {id} is not among the page assets'],
  'card.content.empty': ['儲存內容不得為空', 'Content to save must not be empty'],
  'card.content.tooLarge': ['儲存內容過大', 'Content too large'],
  'card.content.badComponents': ['卷卡內容格式不正確：{path}', 'Invalid card content: {path}'],
  'card.content.saved': ['儲存成功', 'Saved'],
  'card.content.locked': ['此卷卡已鎖定，無法編輯內容', 'This card is locked; its content cannot be edited'],
  'card.page.outOfRange': ['頁碼超出範圍', 'Page number out of range'],
  // the size budget (docs/cards.md, "Size budget")
  'card.budget.pages': [`卷卡最多 ${CARD_BUDGET.pages} 頁`, `A card has at most ${CARD_BUDGET.pages} pages`],
  'card.budget.page': [
    `單頁內容不可超過 ${n(CARD_BUDGET.pageChars)} 字元（此頁 {size} 字元），請減少此頁的內容或圖片`,
    `A page holds at most ${n(CARD_BUDGET.pageChars)} characters of content (this one {size}); reduce its content or pictures`,
  ],
  'card.budget.total': [
    `卷卡內容總量不可超過 ${n(CARD_BUDGET.totalChars)} 字元（儲存後為 {size} 字元），未儲存；請減少頁數或內容`,
    `A card holds at most ${n(CARD_BUDGET.totalChars)} characters of content in all (with this save {size}); nothing was saved: reduce its pages or content`,
  ],
  'card.info.insufficient': ['卷卡資訊不足', 'Card information is insufficient'],

  // catalogues
  'card.mode.omr': ['劃記卡', 'Bubble sheet'],
  'card.mode.mixed': ['混合卷卡', 'Mixed card'],
  'card.mode.written': ['非選卷卡', 'Written-answer card'],
  'card.size.A4': ['A4', 'A4'],
  'card.size.A3': ['A3', 'A3'],
  'card.size.B4': ['B4', 'B4'],
  'card.status.draft': ['尚未轉存', 'Not converted'],
  'card.status.converting': ['轉存中', 'Converting'],
  'card.status.converted': ['已轉存', 'Converted'],
  'card.status.failed': ['轉存失敗', 'Conversion failed'],
  'card.privacy.system': ['全系統', 'System-wide'],
  'card.privacy.client': ['全校', 'Whole school'],
  'card.privacy.user': ['個人', 'Personal'],

  // info form (back-office.md §5: all five are required)
  'card.titleRequired': ['請輸入卷卡名稱', 'Enter a title'],
  'card.departmentRequired': ['請選擇科別', 'Choose a department'],
  'card.subjectRequired': ['請選擇科目', 'Choose a subject'],
  'card.modeRequired': ['請選擇卷卡模式', 'Choose a mode'],
  'card.sizeRequired': ['請選擇卷卡尺寸', 'Choose a size'],
  'card.modeNotAllowed': ['學校未開放此卷卡模式', 'This mode is not allowed for the school'],
  'card.sizeNotAllowed': ['學校未開放此卷卡尺寸', 'This size is not allowed for the school'],
  'card.modeLocked': ['卷卡模式與尺寸建立後不可變更', 'Mode and size cannot change once set'],
  'card.created': ['新增成功', 'Created'],
  'card.updated': ['修改成功', 'Updated'],
  'card.deleted': ['已成功刪除', 'Deleted'],

  // copies and shares
  'card.copy.titleRequired': ['請輸入名稱', 'Enter a title'],
  'card.copy.schoolRequired': ['請選擇學校', 'Choose a school'],
  'card.copy.toPrivated': ['已加入個人收藏', 'Added to your personal collection'],
  'card.copy.toTemplate': ['已分享為範本', 'Shared as a template'],
  'card.copy.toShare': ['已分享至 {school}', 'Shared to {school}'],
  'card.copy.toClient': ['已複製到 {school}', 'Copied to {school}'],
  'card.share.off': ['此卷卡未開放分享', 'Sharing is not enabled for this card'],
  'card.share.deleted': ['已刪除分享', 'Share deleted'],

  // save PDF (back-office.md §4, §7)
  'card.pdf.started': ['已開始轉存，完成後請至預覽頁輸出卷卡', 'Conversion started; when done, open the preview page to output the card'],
  'card.pdf.noPages': ['卷卡尚無內容，請先編輯內容', 'The card has no content yet; design its pages first'],
  'card.pdf.emptyPage': ['第 {page} 頁沒有內容', 'Page {page} is empty'],

  // print log
  'card.log.deleted': ['成功!', 'Done!'],
  'card.log.fileMissing': ['找不到列印檔案', 'The print file no longer exists'],
} as const satisfies Record<string, readonly [string, string]>;

export const cardMessages = splitPairs(messages);
