import type { StudentImportRow } from '../../../shared/schemas/students';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import type { UploadedFile } from '../import/uploaded-file';
import { AppError } from '../../errors/app-error';
import { onDuplicate } from '../../../data/repos/duplicate-key';
import { replaceRoster } from '../../../data/repos/students.repo';
import { schoolFor } from '../clients/school-access';
import { readSheet } from '../import/read-sheet';
import { parseVersionCell } from '../../../shared/print/exam-versions';
import { keyLines, positiveInt, RowErrors, type ColumnSpec } from '../import/sheet-columns';

const COLUMNS = [
  { key: 'grade', aliases: ['年級', 'grade'], required: true },
  { key: 'class', aliases: ['班級', 'class'], required: true },
  { key: 'seat', aliases: ['座號', 'seat'], required: true },
  { key: 'number', aliases: ['學號', 'number', 'studentnumber'], required: true },
  { key: 'name', aliases: ['姓名', 'name'], required: true },
  { key: 'version', aliases: ['卷別', 'version', '試卷版本'], required: false },
] as const satisfies readonly ColumnSpec<string>[];

const MAX_SMALL = 999;
const MAX_NUMBER_CHARS = 30;
const MAX_NAME_CHARS = 100;

/** Reads and checks a roster file; every bad cell and duplicate is reported, or the rows returned. */
export async function parseRoster(file: UploadedFile | undefined): Promise<StudentImportRow[]> {
  const lines = keyLines(await readSheet(file), COLUMNS);
  const errors = new RowErrors();
  const seats = new Set<string>();
  const numbers = new Set<string>();
  const rows: StudentImportRow[] = [];
  for (const l of lines) {
    const grade = positiveInt(l.grade, MAX_SMALL);
    const klass = positiveInt(l.class, MAX_SMALL);
    const seat = positiveInt(l.seat, MAX_SMALL);
    if (grade === null) errors.add(l.line, 'grade', l.grade ? 'import.cellNumber' : 'import.cellRequired');
    if (klass === null) errors.add(l.line, 'class', l.class ? 'import.cellNumber' : 'import.cellRequired');
    if (seat === null) errors.add(l.line, 'seat', l.seat ? 'import.cellNumber' : 'import.cellRequired');
    if (!l.number) errors.add(l.line, 'number', 'import.cellRequired');
    else if (l.number.length > MAX_NUMBER_CHARS) errors.add(l.line, 'number', 'import.cellTooLong');
    if (!l.name) errors.add(l.line, 'name', 'import.cellRequired');
    else if (l.name.length > MAX_NAME_CHARS) errors.add(l.line, 'name', 'import.cellTooLong');
    const version = parseVersionCell(l.version);
    if (version === undefined) errors.add(l.line, 'version', 'import.cellVersion');
    const seatKey = `${grade}-${klass}-${seat}`;
    if (grade !== null && klass !== null && seat !== null) {
      if (seats.has(seatKey)) errors.add(l.line, 'seat', 'import.duplicateSeat');
      seats.add(seatKey);
    }
    // The database compares student numbers case- and width-insensitively; so does this check.
    const numberKey = l.number.normalize('NFKC').toLowerCase();
    if (l.number && numbers.has(numberKey)) errors.add(l.line, 'number', 'import.duplicateNumber');
    numbers.add(numberKey);
    if (grade !== null && klass !== null && seat !== null) rows.push({ grade, class: klass, seat, number: l.number, name: l.name, exam_version: version ?? null });
  }
  errors.throwIfAny();
  return rows;
}

/** previewExcelStudent: what an import would write, changing nothing. */
export async function previewStudents(deps: Deps, actor: Actor, clientId: number | undefined, file: UploadedFile | undefined) {
  await schoolFor(deps, actor, 'students.manage', clientId);
  const rows = await parseRoster(file);
  return { total: rows.length, data: rows };
}

/**
 * Replaces the whole roster in one transaction: the old rows go only when every new row is in,
 * so a bad file (rejected before) or a failure midway leaves the old roster exactly as it was.
 */
export async function importStudents(deps: Deps, actor: Actor, clientId: number | undefined, file: UploadedFile | undefined) {
  const id = await schoolFor(deps, actor, 'students.manage', clientId);
  const rows = await parseRoster(file);
  // The database compares student numbers by its collation, which may fold more than NFKC does.
  const duplicate = () => new AppError('BAD_REQUEST', 'import.duplicateNumber');
  const replaced = await onDuplicate(() => deps.db.transaction().execute((trx) => replaceRoster(trx, id, rows)), duplicate);
  // "the old roster was deleted" only when there was one: a school's first import deletes nothing.
  return { done: { count: rows.length }, message: replaced > 0 ? ('import.studentsImported' as const) : ('import.studentsImportedFirst' as const) };
}
