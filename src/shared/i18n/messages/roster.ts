import { splitPairs } from '../pairs';

// Roster care without a re-import (issue 14): one student added, edited or deleted by hand.
const messages = {
  'student.saved': ['已儲存學生資料', 'Student saved'],
  'student.deleted': ['已刪除學生 {name}', 'Deleted {name}'],
  'student.seatTaken': ['{grade}年{class}班座號 {seat} 已有學生：{name}', 'Seat {seat} of grade {grade} class {class} is taken by {name}'],
  'student.numberTaken': ['學號「{number}」已是 {name} 的學號', 'Student number "{number}" belongs to {name}'],
  'student.exportName': ['學生名單', 'students'],
} as const satisfies Record<string, readonly [string, string]>;

export const rosterMessages = splitPairs(messages);
