import type { PrintOrder } from '../schemas/print';

// Print-log file names (issue 14): what the file is, readable in a download folder, e.g.
// 期中考_8年3班_座號_1121-0930.pdf — card title, grade and class (or 8年級 for the combined file),
// order, and the ticket's time (school time, MMDD-HHmm). Safe on Windows: no \ / : * ? " < > |
// or control characters, no trailing dot or space, no reserved device name, not too long.

const ORDER_LABEL: Record<PrintOrder, string> = { seat: '座號', sort: '學號' };
const TITLE_MAX = 80;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

const STAMP = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Taipei', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** MMDD-HHmm in school time. */
export function fileStamp(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => STAMP.formatToParts(at).find((p) => p.type === type)?.value ?? '00';
  return `${part('month')}${part('day')}-${part('hour')}${part('minute')}`;
}

/** A piece of a file name with everything Windows refuses replaced, trimmed and capped. */
export function windowsSafe(text: string, max = TITLE_MAX): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what Windows refuses in a name
  const cleaned = [...text.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').replace(/\s+/g, ' ').trim()].slice(0, max).join('');
  const trimmed = cleaned.replace(/[. ]+$/, '');
  if (trimmed === '') return '_';
  return RESERVED.test(trimmed) ? `_${trimmed}` : trimmed;
}

export interface PrintFileNaming {
  title: string;
  grade: number;
  /** Absent for the combined file of the whole selection. */
  klass?: number;
  order: PrintOrder;
  at: Date;
}

export function printFileName({ title, grade, klass, order, at }: PrintFileNaming): string {
  const who = klass === undefined ? `${grade}年級` : `${grade}年${klass}班`;
  return `${windowsSafe(title)}_${who}_${ORDER_LABEL[order]}_${fileStamp(at)}.pdf`;
}
