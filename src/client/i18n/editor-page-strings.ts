import { splitPairs } from '../../shared/i18n/pairs';

// UI strings added by issue 15 (page list, new card form, quick build, capacity): [tw, en].
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
  'cards.form.startFrom': ['從範本開始', 'Start from'],
  'cards.form.blankCard': ['空白卷卡（卷頭與首頁底板已放好）', 'Blank card (header and first-page base placed)'],
  'editor.pages.used': ['本頁底板已用 {percent}%', 'Page base {percent}% used'],
  'editor.layers.left': ['左欄', 'left column'],
  'editor.layers.right': ['右欄', 'right column'],
  'editor.text.cut': ['文字超過此區塊可用的高度，超出的部分不會印出；請縮短文字或調整版面', 'The text is taller than the room this block has; what overflows will not print. Shorten it or change the layout'],
  'editor.generator.rowsLeft': ['本頁尚可放 {rows} 列題目', 'This page still holds {rows} question rows'],
  'editor.quick.open': ['快速建立', 'Quick build'],
  'editor.quick.title': ['快速建立：依題型規劃排版', 'Quick build: lay out a question plan'],
  'editor.quick.intro': ['填入各題型的題數，系統會接在本頁現有內容之後排版（選擇題分左右兩欄；是非題與三個選項以內的短題並排在等分欄位），放不下的接續到新的頁面，題號連續。之後仍可逐一修改，復原一次即可整批取消。', 'Enter how many questions of each type: they are laid out after what the page holds (choice questions in two columns; true/false and other rows of up to three options side by side in an equal split), continuing onto new pages, numbered on. Everything stays editable; one undo takes it all back.'],
  'editor.quick.kind': ['題型', 'Type'],
  'editor.quick.count': ['題數', 'Count'],
  'editor.quick.detail': ['設定', 'Setting'],
  'editor.quick.single': ['單選題', 'Single choice'],
  'editor.quick.multi': ['多選題', 'Multiple choice'],
  'editor.quick.trueFalse': ['是非題', 'True/false'],
  'editor.quick.trueFalseOptions': ['是／否兩個選項', 'Two options: 是 / 否'],
  'editor.quick.numeric': ['數字題（0–9）', 'Numeric (0–9)'],
  'editor.quick.free': ['非選題', 'Free answer'],
  'editor.quick.handwriting': ['手寫格', 'Handwriting grid'],
  'editor.quick.options': ['選項數（A 起）', 'Options (from A)'],
  'editor.quick.minus': ['含負號', 'With minus'],
  'editor.quick.height': ['高度 px', 'Height px'],
  'editor.quick.scoreMax': ['閱卷給分格滿分', 'Score field max'],
  'editor.quick.scoreNone': ['不印', 'none'],
  'editor.quick.scoreHalf': ['加印 0.5 分格', 'Add a .5 bubble'],
  'editor.quick.chars': ['格數', 'Cells'],
  'editor.quick.room': ['本頁尚可放 {rows} 列選擇題（兩欄約 {questions} 題）', 'This page still holds {rows} choice rows (about {questions} questions in two columns)'],
  'editor.quick.notLast': ['只有最後一頁能接續新增頁面；放不下的 {n} 題（列）未加入', 'Only the last page can continue onto new pages; {n} rows that did not fit were left out'],
  'editor.quick.empty': ['這一頁還沒有題目。', 'This page has no questions yet.'],
  'editor.quick.pending': ['另有 {n} 頁將於儲存時一併建立', '{n} more pages will be created on save'],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(editorPageStrings);
export const editorPageStringsTw = split.tw;
export const editorPageStringsEn = split.en;
