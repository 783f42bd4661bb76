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
  'grading.question': ['題目', 'Question'],
  'grading.questionOption': ['第 {showno} 題（{max} 分）', 'Question {showno} ({max})'],
  'grading.anonymous': ['匿名閱卷（隱藏姓名）', 'Anonymous (names hidden)'],
  'grading.anonymousName': ['第 {n} 份', 'Paper {n}'],
  'grading.progress': ['已評分 {graded} / {total}', 'Graded {graded} / {total}'],
  'grading.noSheets': ['此範圍沒有掃描到這一題的答案卡', 'No scanned card of this selection holds this question'],
  'grading.previous': ['上一份', 'Previous'],
  'grading.next': ['下一份', 'Next'],
  'grading.gradedBy': ['{username} 於 {time} 評 {points} 分', '{username} gave {points} at {time}'],
  'grading.cropAlt': ['學生的作答', 'The student’s answer'],
  'grading.keysHint': ['鍵盤：1–9 套用評分項目，Enter 儲存並到下一份，← → 切換', 'Keys: 1–9 apply rubric items, Enter saves and moves on, ← → move'],
  'grading.capped': ['（加總 {raw}，已限制在 0 與滿分之間）', '(adds up to {raw}; kept within 0 and the maximum)'],
  'grading.adjustment': ['加減分', 'Adjustment'],
  'grading.comment': ['評語（選填）', 'Comment (optional)'],
  'grading.saveNext': ['儲存並下一份（Enter）', 'Save and next (Enter)'],
  'grading.rubric.edit': ['編輯評分標準', 'Edit the rubric'],
  'grading.rubric.positive': ['由 0 分加分', 'Add up from 0'],
  'grading.rubric.negative': ['由滿分扣分', 'Deduct from the maximum'],
  'grading.rubric.points': ['分數', 'Points'],
  'grading.rubric.description': ['說明', 'Description'],
  'grading.rubric.remove': ['刪除此項目', 'Remove this item'],
  'grading.rubric.add': ['新增項目', 'Add an item'],
  'grading.rubric.gradesHint': ['已套用此項目的份數：修改後一併重新計分', 'Grades applying this item: an edit re-scores them'],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(gradingStrings);
export const gradingStringsTw = split.tw;
export const gradingStringsEn = split.en;
