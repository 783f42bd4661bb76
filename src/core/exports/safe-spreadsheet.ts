import type ExcelJS from 'exceljs';

// The one way out for every CSV and xlsx the product writes (scores, rosters, anything added
// later): no cell can start a formula in Excel, LibreOffice or Google Sheets. OWASP's CSV
// Injection guidance: a text cell beginning with =, +, -, @, tab or carriage return is prefixed
// with a single quote (Excel in CJK locales also takes the full-width ＝＋－＠), double quotes are
// doubled and a cell holding a quote, comma or line break is quoted. Numbers stay numbers: a
// negative score is a number cell, never text. docs/architecture.md, "Exports".

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** What neutralText puts before such a text. */
const PREFIX = "'";

export type CellValue = string | number | null | undefined;

/** Text as a cell may hold it: one that would start a formula gets the quote in front. */
export function neutralText(text: string): string {
  return FORMULA_START.test(text) ? PREFIX + text : text;
}

/** One CSV field: a finite number as it is, any other value as neutral text, quoted when it must be. */
export function csvField(value: CellValue): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = neutralText(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: UTF-8 with a BOM (Excel then reads it as UTF-8), CRLF after every line. */
export function csvFile(rows: readonly (readonly CellValue[])[]): Buffer {
  return Buffer.from(`\ufeff${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** Neutralises every text cell of every sheet in place (plain, rich and hyperlink text); numbers, dates and our own formulas stay. */
export function neutraliseWorkbook(workbook: ExcelJS.Workbook): void {
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value = cell.value;
        if (typeof value === 'string') {
          if (FORMULA_START.test(value)) cell.value = neutralText(value);
        } else if (value && typeof value === 'object' && 'richText' in value && value.richText.length > 0) {
          const [first, ...rest] = value.richText;
          if (FORMULA_START.test(first.text)) cell.value = { richText: [{ ...first, text: neutralText(first.text) }, ...rest] };
        } else if (value && typeof value === 'object' && 'hyperlink' in value && typeof value.text === 'string' && FORMULA_START.test(value.text)) {
          cell.value = { ...value, text: neutralText(value.text) };
        }
      }),
    ),
  );
}

/** A whole xlsx file, every text cell neutralised first. */
export async function xlsxFile(workbook: ExcelJS.Workbook, options?: Partial<ExcelJS.XlsxWriteOptions>): Promise<Buffer> {
  neutraliseWorkbook(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer(options));
}

/**
 * An imported cell as it was before one of our exports neutralised it (the roster export is made
 * to be edited and imported back): the quote in front of a formula character goes again.
 */
export function importedText(cell: string): string {
  return cell.startsWith(PREFIX) && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
