import { splitPairs } from '../../shared/i18n/pairs';

// UI strings of the phone capture screen (docs/scan-batches.md "Capture with a phone"): [tw, en].
const captureStrings = {
  'capture.action': ['拍照讀卡', 'Capture by camera'],
  'capture.title': ['拍照讀卡', 'Capture sheets'],
  'capture.back': ['返回', 'Back'],
  'capture.results': ['結果', 'Results'],
  'capture.hint.starting': ['正在開啟相機…', 'Starting the camera…'],
  'capture.hint.searching': ['將整張答案卡放進畫面，四角的黑色方塊都要看得到', 'Fit the whole sheet in the frame, all four corner squares in view'],
  'capture.hint.holding': ['找到答案卡，請保持不動…', 'Sheet found: hold still…'],
  'capture.hint.blurred': ['畫面模糊：請稍微拉遠，或等相機對焦', 'Blurred: move back a little or let the camera focus'],
  'capture.hint.taken': ['已拍下，請換下一張', 'Captured: next sheet'],
  'capture.hint.capture': ['拍照中…', 'Capturing…'],
  'capture.hint.manual': ['自動拍攝已關閉：按下快門拍照', 'Auto capture is off: press the shutter'],
  'capture.shutter': ['拍照', 'Capture'],
  'capture.autoOn': ['自動拍攝：開', 'Auto: on'],
  'capture.autoOff': ['自動拍攝：關', 'Auto: off'],
  'capture.counts': ['已拍 {taken} 張・待上傳 {pending} 張', '{taken} captured · {pending} to upload'],
  'capture.empty': ['拍下的答案卡會在這裡顯示學生與分數', 'Each captured sheet shows its student and score here'],
  'capture.state.waiting': ['等待上傳', 'Waiting to upload'],
  'capture.state.sending': ['上傳中', 'Uploading'],
  'capture.state.retrying': ['網路中斷，稍後自動重試', 'Offline: will retry'],
  'capture.state.reading': ['讀卡中…', 'Reading…'],
  'capture.state.refused': ['上傳被拒', 'Refused'],
  'capture.retry': ['立即重試', 'Retry now'],
  'capture.seat': ['{grade} 年 {class} 班 {seat} 號', 'Grade {grade}, class {class}, no. {seat}'],
  'capture.score': ['{score} / {max} 分', '{score} / {max}'],
  'capture.noKey': ['尚未設定答案', 'No answer key yet'],
  'capture.toCheck': ['{count} 題待確認', '{count} to check'],
  'capture.unread.unidentified': ['無法辨識學生', 'Student not recognised'],
  'capture.unread.wrong_card': ['不是此試卷', 'Not this card'],
  'capture.unread.blank': ['空白頁', 'Blank page'],
  'capture.unread.key': ['答案卷', 'Answer-key sheet'],
  'capture.unread.failed': ['讀卡失敗', 'Could not be read'],
  'capture.error.insecure': ['相機需要安全連線：請用 https:// 開啟本站（說明文件「Capture with a phone」）', 'The camera needs a secure connection: open the site with https:// (docs: "Capture with a phone")'],
  'capture.error.denied': ['未允許使用相機：請在瀏覽器的網站設定中允許相機，再重新整理', 'Camera access was not allowed: allow the camera in the site settings, then reload'],
  'capture.error.noCamera': ['找不到相機', 'No camera found'],
  'capture.error.camera': ['相機無法開啟（{message}）', 'The camera could not start ({message})'],
} as const satisfies Record<string, readonly [string, string]>;

const split = splitPairs(captureStrings);
export const captureStringsTw = split.tw;
export const captureStringsEn = split.en;
