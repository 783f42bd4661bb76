import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';

export type Table = (string | number)[][];

export async function xlsxOf(rows: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function xlsOf(rows: Table): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export function csvOf(rows: Table): Buffer {
  return Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`, 'utf8');
}

/** A roster of grades × classes × students, with Chinese names. */
export function rosterRows(grades: number, classes: number, perClass: number): Table {
  const rows: Table = [['年級', '班級', '座號', '學號', '姓名']];
  for (let g = 1; g <= grades; g++)
    for (let c = 1; c <= classes; c++)
      for (let s = 1; s <= perClass; s++) rows.push([g, c, s, `S${g}${String(c).padStart(2, '0')}${String(s).padStart(2, '0')}`, `王小明${g}${c}${s}`]);
  return rows;
}

/**
 * A zip whose one entry inflates to `inflated` bytes of zeros, stored with honest sizes: ~100 kB
 * on disk for 100 MB inflated, the shape of a zip bomb disguised as .xlsx.
 */
export function zipBomb(inflated = 100_000_000): Buffer {
  const data = deflateRawSync(Buffer.alloc(inflated), { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const crc = 0; // never reached: the guard refuses on the declared size first
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(inflated, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(inflated, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
