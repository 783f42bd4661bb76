// The typed grid's edits (docs/grading.md "Typed entry"): cells typed or pasted from a spreadsheet
// (rows by line, columns by tab), each checked as half points within the question's maximum.
// Pure, so the paste and the checks are unit-tested without a browser.

export interface GridColumn {
  q: number;
  max: number;
}

/** `${student_id}/${q}` → the text typed there. */
export type GridDraft = Record<string, string>;

export const cellKey = (studentId: number, q: number) => `${studentId}/${q}`;

/** A cell's text as points, or an error key: '' is "leave as it is". */
export function parseCell(text: string, max: number): { points: number } | { error: 'grading.grid.badPoints' | 'grading.grid.overMax' } | null {
  const trimmed = text.trim().replace('，', '.').replace(/^([0-9]+),([05])$/, '$1.$2');
  if (trimmed === '') return null;
  const points = Number(trimmed);
  if (!Number.isFinite(points) || points < 0 || !Number.isInteger(points * 2)) return { error: 'grading.grid.badPoints' };
  if (points > max) return { error: 'grading.grid.overMax' };
  return { points };
}

/**
 * A spreadsheet block pasted at (row, column): its lines go down the students from that row, its
 * tab-separated cells right across the questions from that column; what falls outside the grid is
 * left out and counted.
 */
export function pasteBlock(draft: GridDraft, text: string, students: readonly number[], columns: readonly GridColumn[], row: number, column: number): { draft: GridDraft; outside: number } {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const next = { ...draft };
  let outside = 0;
  lines.forEach((line, i) => {
    line.split('\t').forEach((cell, j) => {
      const student = students[row + i];
      const col = columns[column + j];
      if (student === undefined || col === undefined) {
        if (cell.trim() !== '') outside++;
        return;
      }
      next[cellKey(student, col.q)] = cell.trim();
    });
  });
  return { draft: next, outside };
}

/** The rows to save (cells changed from what is shown now) and the cells in error. */
export function gridRows(draft: GridDraft, shown: (studentId: number, q: number) => number | null, columns: readonly GridColumn[]) {
  const rows: { student_id: number; q: number; points: number }[] = [];
  const errors: Record<string, 'grading.grid.badPoints' | 'grading.grid.overMax'> = {};
  for (const [key, text] of Object.entries(draft)) {
    const [student, q] = key.split('/').map(Number);
    const column = columns.find((c) => c.q === q);
    if (!column) continue;
    const parsed = parseCell(text, column.max);
    if (parsed === null) continue;
    if ('error' in parsed) errors[key] = parsed.error;
    else if (parsed.points !== shown(student, q)) rows.push({ student_id: student, q, points: parsed.points });
  }
  return { rows, errors };
}
