import { splitPairs } from '../../shared/i18n/pairs';

// UI strings of the 線上閱卷 tab of /cards/scan/:guid (docs/grading.md): [tw, en].
const gradingStrings = {
  'grading.tab': ['線上閱卷', 'Grading'],
  'grading.mode.screen': ['逐題閱卷', 'By question'],
  'grading.mode.grid': ['分數輸入', 'Type points'],
  'grading.noWritten': ['此卷卡沒有非選擇題', 'This card has no written questions'],
  'grading.noMax': ['請先到「答案與配分」設定非選擇題的滿分，才能評分', 'Set the written questions’ maxima in Key and points first'],
  'grading.grid.hint': ['輸入或從試算表貼上分數（0.5 分為單位）；空白表示不變更。', 'Type points or paste them from a spreadsheet (in halves); a blank cell changes nothing.'],
  'grading.grid.badPoints': ['須為 0.5 分為單位的數字', 'Must be a number in halves'],
  'grading.grid.overMax': ['超過此題滿分', 'More than the maximum'],
  'grading.grid.changed': ['{count} 格待儲存', '{count} cells to save'],
  'grading.grid.errors': ['{count} 格有誤，請修正後再儲存', '{count} cells are wrong; fix them to save'],
  'grading.grid.outside': ['貼上的內容有 {count} 格超出表格，未套用', '{count} pasted cells fell outside the grid and were left out'],
  'grading.grid.cell': ['{name} 第 {showno} 題', '{name}, question {showno}'],
  'grading.grid.max': ['滿分 {max}', 'max {max}'],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(gradingStrings);
export const gradingStringsTw = split.tw;
export const gradingStringsEn = split.en;
