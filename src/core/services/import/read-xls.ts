import * as XLSX from '@e965/xlsx';
import { AppError } from '../../errors/app-error';

// Legacy .xls (BIFF in a CFB container) only; SheetJS is kept to this one file so the parser can
// be swapped without touching the import rules. Formulas are not evaluated, cached values are read.
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function readXls(buffer: Buffer): string[][] {
  if (!buffer.subarray(0, 8).equals(CFB_MAGIC)) throw new AppError('BAD_REQUEST', 'import.malformed');
  try {
    const workbook = XLSX.read(buffer, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    if (!sheet) throw new AppError('BAD_REQUEST', 'import.empty');
    const rows = XLSX.utils.sheet_to_json<(string | number | boolean | null | undefined)[]>(sheet, { header: 1, raw: false, defval: '', blankrows: true });
    return rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'import.malformed');
  }
}
