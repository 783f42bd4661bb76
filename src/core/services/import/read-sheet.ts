import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { IMPORT_EXTENSIONS } from '../../../shared/limits';
import { AppError } from '../../errors/app-error';
import { importedText } from '../../exports/safe-spreadsheet';
import type { UploadedFile } from './uploaded-file';
import { readXls } from './read-xls';
import { assertSaneZip } from './zip-guard';

type SheetRows = string[][];
/** A non-empty row with its line number in the file (1 = the header), for error reports. */
export interface SheetLine {
  line: number;
  cells: string[];
}

/** The first sheet of an uploaded .csv, .xlsx or .xls, as trimmed text cells; 400 if unreadable. */
export async function readSheet(file: UploadedFile | undefined): Promise<SheetLine[]> {
  if (!file || file.size === 0) throw new AppError('BAD_REQUEST', 'import.noFile');
  const ext = IMPORT_EXTENSIONS.find((e) => file.originalname.toLowerCase().endsWith(e));
  if (!ext) throw new AppError('BAD_REQUEST', 'import.badType');
  const rows = ext === '.csv' ? readCsv(file.buffer) : ext === '.xlsx' ? await readXlsx(file.buffer) : readXls(file.buffer);
  return rows
    // A roster exported by us comes back with its formula-like cells quoted: the quote goes again.
    .map((row, i) => ({ line: i + 1, cells: Array.from(row ?? [], (cell) => importedText((cell ?? '').normalize('NFC').trim())) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
}

/** UTF-8 (with or without BOM) first; Excel in Taiwan saves CSV as Big5, so that is the fallback. */
function readCsv(buffer: Buffer): SheetRows {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    text = new TextDecoder('big5').decode(buffer);
  }
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: false, bom: true });
  } catch {
    throw new AppError('BAD_REQUEST', 'import.malformed');
  }
}

async function readXlsx(buffer: Buffer): Promise<SheetRows> {
  await assertSaneZip(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its argument as an ArrayBuffer; it accepts one holding exactly the file.
    const bytes = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    await workbook.xlsx.load(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', 'import.malformed');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('BAD_REQUEST', 'import.empty');
  const rows: SheetRows = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text ?? '';
    });
    rows[row.number - 1] = cells;
  });
  return rows;
}
