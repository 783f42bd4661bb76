import { splitPairs } from '../pairs';

// The page reader's flags and reasons (src/scan, docs/scan-reading.md), as the screen and legacy
// `get scanBatch` show them: `scan.flag.<key>` for each English key a reading or a batch warning
// carries. [tw, en] side by side.
const messages = {
  'scan.flag.bilevel': ['黑白掃描，淡的鉛筆痕可能已遺失，建議以灰階 200 dpi 重新掃描', 'scanned in black-and-white: light pencil may be lost; scan again in greyscale at 200 dpi'],
  'scan.flag.low-dpi': ['解析度低於 150 dpi，建議以 200 dpi 重新掃描', 'resolution below 150 dpi; scan again at 200 dpi'],
  'scan.flag.transform-unverified': ['紙張彎曲或歪斜，無法確認位置，未讀取', 'the sheet is curled or skewed: its position could not be verified, so it was not read'],
  'scan.flag.marks-residual': ['定位標記與紙張位置略有偏差', 'the registration marks do not quite agree with a flat sheet'],
  'scan.flag.three-marks': ['只找到三個定位標記（折角或裝訂處）', 'only three registration marks found (a folded corner or a staple)'],
  'scan.flag.all-marked': ['有題目全部選項都被畫記', 'a question has every option marked'],
  'scan.flag.other-document': ['不是答案卡的頁面（另一份文件），已略過', 'not an answer card page (another document); set aside'],
  'scan.flag.scanned-twice': ['這幾頁在同一份檔案後面又掃描了一次，以後面的為準', 'scanned again later in the same file; the later scan counts'],
  'scan.flag.no-page-code': ['讀不到頁碼條碼', 'no page code could be read'],
  'scan.flag.not-our-code': ['條碼不是本系統的答案卡', 'the code is not one of this system\'s cards'],
  'scan.flag.photo': ['由手機照片讀取', 'read from a phone photo'],
  'scan.flag.unknown-card': ['不是此試卷（或是舊版轉存）的頁面', 'a page of another card (or of an older conversion)'],
} as const satisfies Record<string, readonly [string, string]>;

export const scanReadingMessages = splitPairs(messages);
