import { splitPairs } from '../pairs';

// Reading scans back (docs/scan-batches.md): [tw, en] side by side.
const messages = {
  'perm.cards.scan': ['讀卡', 'Read scanned cards'],
  'scan.queued': ['已上傳，開始讀卡', 'Uploaded; reading has started'],
  'scan.noFile': ['請選擇要上傳的掃描檔', 'Choose a scan file to upload'],
  'scan.tooLarge': ['掃描檔不可超過 200 MB', 'A scan file may not exceed 200 MB'],
  'scan.emptyFile': ['檔案是空的', 'The file is empty'],
  'scan.badType': ['僅接受 PDF、JPEG、PNG、TIFF 或 ZIP 檔', 'Only PDF, JPEG, PNG, TIFF or ZIP files are accepted'],
  'scan.encrypted': ['PDF 已加密，請上傳未加密的掃描檔', 'The PDF is encrypted; upload an unencrypted scan'],
  'scan.malformed': ['無法讀取此檔案：{reason}', 'This file cannot be read: {reason}'],
  'scan.zipBomb': ['ZIP 檔解壓後過大或檔案過多', 'The ZIP file inflates too large or holds too many files'],
  'scan.tooManyPages': ['一次最多 {max} 頁', 'At most {max} pages at a time'],
  'scan.limitInFlight': [
    '本校尚有 {pending} 頁等待讀卡，加上此檔 {pages} 頁超過上限 {max} 頁：請待讀完後再上傳',
    'Your school has {pending} pages waiting to be read; with this file’s {pages} pages that is over the limit of {max}. Upload it once those are read',
  ],
  'scan.limitPerDay': [
    '本校今天已上傳 {today} 頁，加上此檔 {pages} 頁超過每日上限 {max} 頁：請明天再上傳，或請系統管理者調整上限',
    'Your school has uploaded {today} pages today; with this file’s {pages} pages that is over the daily limit of {max}. Upload it tomorrow, or ask the system administrator to raise the limit',
  ],
  'scan.noPages': ['檔案中沒有可讀取的頁面', 'The file has no pages to read'],
  'scan.notConverted': ['試卷尚未進行轉存，無法讀卡', 'The card is not converted yet, so it cannot be read'],
  'scan.notOurCard': ['沒有一頁是此試卷：請確認上傳的是此試卷的掃描檔', 'No page belongs to this card: check that the scan is of this card'],
  'scan.batchMissing': ['找不到此讀卡批次', 'Scan batch not found'],
  'scan.pageMissing': ['找不到此頁', 'Page not found'],
  'scan.studentMissing': ['找不到此學生', 'Student not found'],
  'scan.badAnswer': ['答案只能包含此題的選項', 'The answer may only hold this question\'s options'],
  'scan.saved': ['已更正', 'Correction saved'],
  'scan.undone': ['已復原', 'Undone'],
  'scan.questionMissing': ['此頁沒有這一題', 'This page has no such question'],
  'scan.cardPageMissing': ['此頁無法當作試卷的這一頁讀取', 'This page cannot be read as that page of the card'],
  'scan.itemMissing': ['找不到此待確認項目（可能已處理）', 'Review item not found (it may have been decided already)'],
  'scan.oneDecision': ['請只給一個決定：answer、answers、student_number 或 discard', 'Give exactly one decision: answer, answers, student_number or discard'],
  'scan.sameFile': ['此檔案已於 {time} 上傳過（{file}）', 'This file was already uploaded at {time} ({file})'],
  'scan.batchDeleted': ['已刪除批次「{file}」', 'Batch “{file}” deleted'],
  'scan.batchRestored': ['已復原批次「{file}」', 'Batch “{file}” restored'],
  'scan.attendanceSaved': ['已更新出缺席', 'Attendance saved'],
  'scan.noReader': ['此版本尚未安裝讀卡程式', 'This build has no page reader installed'],
} as const satisfies Record<string, readonly [string, string]>;

export const scanMessages = splitPairs(messages);
