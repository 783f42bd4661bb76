import ExcelJS from 'exceljs';
import { xlsxFile } from '../../exports/safe-spreadsheet';
import type { z } from 'zod';
import type { Locale } from '../../../shared/limits';
import { translate } from '../../../shared/i18n/translate';
import type { TStudentEdit, ZStudentIdSchema, ZStudentListFilterSchema } from '../../../shared/schemas/students';
import { windowsSafe } from '../../../shared/print/print-file-name';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { deleteStudentRow, findClash, findStudent, insertStudent, studentListQuery, updateStudent } from '../../../data/repos/students.repo';
import { schoolFor } from '../clients/school-access';

// Roster care without a re-import (issue 14): a transfer student added, a name or seat corrected,
// a student who left deleted — one row at a time, under the same gate as the roster screens, and
// the roster exported in the import file's columns so it can be edited in Excel and imported back.

/** 409 naming who already holds the seat or the number; nothing is written. */
function clashError(clash: { grade: number; class: number; seat: number; number: string; name: string }, wanted: TStudentEdit): AppError {
  if (clash.number === wanted.number) return new AppError('CONFLICT', 'student.numberTaken', { number: clash.number, name: clash.name }, { number: 'student.numberTaken' });
  return new AppError('CONFLICT', 'student.seatTaken', { grade: clash.grade, class: clash.class, seat: clash.seat, name: clash.name }, { seat: 'student.seatTaken' });
}

export async function saveStudent(deps: Deps, actor: Actor, input: TStudentEdit): Promise<{ id: number }> {
  const clientId = await schoolFor(deps, actor, 'students.manage', input.client_id);
  const values = { grade: input.grade, class: input.class, seat: input.seat, number: input.number, name: input.name };
  return deps.db.transaction().execute(async (trx) => {
    if (input.id !== undefined && !(await findStudent(trx, clientId, input.id))) throw new AppError('NOT_FOUND', 'error.notFound');
    const [clash] = await findClash(trx, clientId, values, input.id);
    if (clash) throw clashError(clash, input);
    if (input.id !== undefined) {
      await updateStudent(trx, clientId, input.id, values);
      return { id: input.id };
    }
    return { id: await insertStudent(trx, clientId, values) };
  });
}

export async function deleteStudent(deps: Deps, actor: Actor, input: z.infer<typeof ZStudentIdSchema>): Promise<{ name: string }> {
  const clientId = await schoolFor(deps, actor, 'students.manage', input.client_id);
  const student = await findStudent(deps.db, clientId, input.id);
  if (!student) throw new AppError('NOT_FOUND', 'error.notFound');
  await deleteStudentRow(deps.db, clientId, student.id);
  return { name: student.name };
}

/** The roster (or the filtered part) as xlsx, in the import file's columns and order. */
export async function exportRoster(deps: Deps, actor: Actor, locale: Locale, input: z.infer<typeof ZStudentListFilterSchema>) {
  const clientId = await schoolFor(deps, actor, 'students.manage', input.client_id);
  const rows = await studentListQuery(deps.db, clientId, input).execute();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(locale, 'student.exportName'));
  sheet.addRow(['年級', '班級', '座號', '學號', '姓名']);
  for (const r of rows) sheet.addRow([r.grade, r.class, r.seat, r.number, r.name]);
  sheet.getColumn(4).numFmt = '@'; // 學號 as text: leading zeros stay
  const body = await xlsxFile(workbook);
  const scope = input.grade ? `_${input.grade}年${input.class ? `${input.class}班` : '級'}` : '';
  return { filename: `${windowsSafe(translate(locale, 'student.exportName'))}${scope}.xlsx`, base64: body.toString('base64'), count: rows.length };
}
