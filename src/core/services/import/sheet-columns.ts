import { IMPORT_MAX_ROWS } from '../../../shared/limits';
import type { MessageKey } from '../../../shared/i18n/tw';
import { AppError } from '../../errors/app-error';
import type { SheetLine } from './read-sheet';

/** A column the import expects; the header may use any alias (Chinese or English, any case). */
export interface ColumnSpec<K extends string> {
  key: K;
  aliases: readonly string[];
  required: boolean;
}

/** A data row with its line number and its cells by column key. */
export type KeyedLine<K extends string> = { line: number } & Record<K, string>;

/**
 * Finds the columns in the header line and keys every data line by them. Missing required
 * columns are one 400 naming them; column order in the file does not matter.
 */
export function keyLines<K extends string>(lines: SheetLine[], specs: readonly ColumnSpec<K>[]): KeyedLine<K>[] {
  const [header, ...data] = lines;
  if (!header || data.length === 0) throw new AppError('BAD_REQUEST', 'import.empty');
  if (data.length > IMPORT_MAX_ROWS) throw new AppError('BAD_REQUEST', 'import.tooManyRows', { max: IMPORT_MAX_ROWS });
  const names = header.cells.map((c) => c.toLowerCase().replace(/\s+/g, ''));
  const index = new Map(specs.map((s) => [s.key, names.findIndex((n) => s.aliases.some((a) => a.toLowerCase() === n))]));
  const missing = specs.filter((s) => s.required && index.get(s.key) === -1);
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((s) => [s.key, 'import.cellRequired']));
    throw new AppError('BAD_REQUEST', 'import.missingColumns', { columns: missing.map((s) => s.aliases[0]).join('、') }, fields);
  }
  return data.map((row) => {
    const keyed = { line: row.line } as KeyedLine<K>;
    for (const spec of specs) {
      const at = index.get(spec.key) ?? -1;
      (keyed as Record<string, string | number>)[spec.key] = at >= 0 ? (row.cells[at] ?? '') : '';
    }
    return keyed;
  });
}

/**
 * Every problem of a file, keyed `r<line>.<column>` (e.g. `r7.seat`) so the screen can list them
 * row by row; thrown as one 400 so nothing is written while any row is bad.
 */
export class RowErrors {
  readonly fields: Record<string, MessageKey> = {};

  add(line: number, column: string, problem: MessageKey): void {
    this.fields[`r${line}.${column}`] ??= problem;
  }

  has(line: number, column: string): boolean {
    return `r${line}.${column}` in this.fields;
  }

  throwIfAny(): void {
    const count = Object.keys(this.fields).length;
    if (count > 0) throw new AppError('BAD_REQUEST', 'import.invalidRows', { count }, this.fields);
  }
}

/** Grade, class and seat accept full-width digits (１２) as typed on Chinese keyboards. */
export function positiveInt(text: string, max: number): number | null {
  const half = text.normalize('NFKC');
  if (!/^\d+$/.test(half)) return null;
  const n = Number(half);
  return n >= 1 && n <= max ? n : null;
}
