import { splitPairs } from '../pairs';

// Class printing (back-office.md "Print", §5, §8; docs/print-service.md): [tw, en] side by side.
const messages = {
  'print.selectionIncomplete': ['列印資料選擇不完整', 'Print data selection incomplete'],
  'print.notConverted': ['試卷尚未進行轉存，請先於試卷列表進行轉存', 'Test card not yet converted, convert first in card list'],
  'print.noStudents': ['尚未匯入學生資料，請至「學生資料 > 匯入學生名單」匯入', 'No students imported: go to student data > import student list'],
  'print.queued': ['已送出列印', 'Print job queued'],
  'print.ticketMissing': ['找不到此列印工作', 'Print job not found'],
  'print.timeout': ['列印仍在進行中，請稍後至列印紀錄下載', 'Still printing; download the file from the print log later'],
  'print.studentsRemoved': ['{count} 位學生於送出後已刪除，未列印', '{count} students deleted after queueing were not printed'],
  'print.failed': ['列印失敗：{reason}', 'Printing failed: {reason}'],
  // Why a print job failed, stored on the ticket as a key and translated where it is shown.
  'print.failure.notConverted': ['卷卡已不是轉存完成的狀態，請重新轉存後再列印', 'the card is no longer converted: convert it again, then print'],
  'print.failure.filesMissing': ['找不到卷卡的 PDF 或位置對照檔，請重新轉存後再列印', 'the card PDF or its map is missing: convert it again, then print'],
  'print.failure.unknown': ['列印時發生系統錯誤，請稍後再試；若仍失敗請聯絡系統管理員', 'a system error occurred while printing; try again later, and tell the administrator if it fails again'],
  'print.repeat': ['相同的列印（{grade}年級 {classes}）已於 {time} 送出，確定要再印一次嗎？', 'The same print ({classes} of grade {grade}) was sent at {time}; print it again?'],
  'print.badVersions': ['卷別須為 1 到 4 種（A 到 D），依座號輪流或依名冊「卷別」欄分配', 'Versions must be 1 to 4 (A to D), assigned by seat or by the roster’s 卷別 (version) column'],
  'print.rosterVersionsMissing': ['依名冊卷別分卷：{count} 位學生（例如 {example}）的名冊沒有 {letters} 其中之一的「卷別」，請補上後重新匯入名冊，或改為依座號輪流', 'Versions by roster: {count} students (e.g. {example}) have no 卷別 (version) of {letters} in the roster; add it and import the roster again, or assign by seat'],
} as const satisfies Record<string, readonly [string, string]>;

export const printMessages = splitPairs(messages);
