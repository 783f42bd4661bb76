import { splitPairs } from '../pairs';
import { COMMENT_MAX, DESCRIPTION_MAX, RUBRIC_ITEMS_MAX } from '../../grading-limits';

// Written answers graded (docs/grading.md): rubrics, grades, score fields and slips. [tw, en] side by side.
const messages = {
  'grading.badPoints': ['分數須為 0 到 100 之間，以 0.5 分為單位', 'Points must be from 0 to 100, in steps of 0.5'],
  'grading.badItemPoints': ['評分項目的分數須為 -100 到 100 之間且不為 0，以 0.5 分為單位', 'A rubric item is worth −100 to 100 points (not 0), in steps of 0.5'],
  'grading.badAdjustment': ['加減分須為 -100 到 100 之間，以 0.5 分為單位', 'An adjustment is −100 to 100 points, in steps of 0.5'],
  'grading.tooManyItems': [`評分標準最多 ${RUBRIC_ITEMS_MAX} 項`, `A rubric has at most ${RUBRIC_ITEMS_MAX} items`],
  'grading.descriptionTooLong': [`評分項目說明最多 ${DESCRIPTION_MAX} 字`, `An item's description has at most ${DESCRIPTION_MAX} characters`],
  'grading.commentTooLong': [`評語最多 ${COMMENT_MAX} 字`, `A comment has at most ${COMMENT_MAX} characters`],
  'grading.pointsOrItems': ['請給分數，或套用評分項目（兩者擇一）', 'Give points, or apply rubric items (not both)'],
  'grading.notWritten': ['第 {q} 題不是此試卷的非選擇題', 'Question {q} is not a written question of this card'],
  'grading.unknownItem': ['評分項目不屬於第 {q} 題的評分標準，請重新載入', 'A rubric item is not in the rubric of question {q}; reload it'],
  'grading.conflict': ['此題已由 {username} 於 {time} 評分，未覆寫；請重新載入後再評分', '{username} graded this answer at {time}; nothing was overwritten. Reload it and grade again'],
  'grading.rubricConflict': ['評分標準已由 {username} 於 {time} 修改，未覆寫；請重新載入後再儲存', '{username} changed the rubric at {time}; nothing was overwritten. Reload it and save again'],
  'grading.scoreField.ambiguous': ['給分格劃記不清', 'Score field: a faint mark'],
  'grading.scoreField.multiple': ['給分格同一列劃記多個', 'Score field: two marks in one row'],
  'grading.scoreField.incomplete': ['給分格未劃記完整（十位有劃記、個位空白，或部分給分格未劃記）', 'Score field: incomplete (tens marked without units, or a part left blank)'],
  'grading.scoreField.over-max': ['給分格的分數超過滿分', 'Score field: more than the maximum'],
  // slips (成績單 / 答案卡回饋, src/pdf/compose-slips.ts)
  'slips.title': ['{title} 成績單', '{title}: score slip'],
  'slips.student': ['{className}　座號 {seat}　學號 {number}　姓名 {name}', '{className}  Seat {seat}  Number {number}  Name {name}'],
  'slips.total': ['總分 {total} / {max}', 'Total {total} / {max}'],
  'slips.choice': ['選擇題 {points} / {max}', 'Choice {points} / {max}'],
  'slips.written': ['非選擇題 {points} / {max}', 'Written {points} / {max}'],
  'slips.rank': ['班級名次 {rank} / {size}', 'Class rank {rank} / {size}'],
  'slips.choiceHeading': ['選擇題', 'Choice questions'],
  'slips.writtenHeading': ['非選擇題', 'Written questions'],
  'slips.colQuestion': ['題號', 'Q'],
  'slips.colAnswer': ['作答', 'Answer'],
  'slips.colKey': ['答案', 'Key'],
  'slips.colPoints': ['得分', 'Points'],
  'slips.colFeedback': ['評分項目與評語', 'Rubric and comment'],
  'slips.notGraded': ['未評分', 'not graded'],
  'slips.notCounted': ['不計分', 'not counted'],
  'slips.blank': ['未作答', 'blank'],
  'slips.pageHeader': ['{name}　{number}　{className}　總分 {total} / {max}', '{name}  {number}  {className}  Total {total} / {max}'],
  'slips.more': ['另有 {count} 題未列出', '{count} more not listed'],
} as const satisfies Record<string, readonly [string, string]>;

export const gradingMessages = splitPairs(messages);
