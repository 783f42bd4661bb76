import type { PageComponents, RowBlock } from '../page-blocks';
import type { SplitCellBlock } from '../row-blocks';
import { SUB_QUESTION_MARK } from './render-constants';

/**
 * A question's number on the printed card. `q` is the sequence number the OMR map is keyed by;
 * `showno` is what the number cell prints. A sub-question shows 自, is not counted, and is read
 * under the number of the question it belongs to (the one before it).
 */
export interface QuestionNumber {
  q: number;
  showno: string;
  sub: boolean;
}

export interface PageNumbering {
  /** Block id (or sub-question item id) → its number. */
  numbers: ReadonlyMap<string, QuestionNumber>;
  /** Counted questions on this page: the spec's "count of question-number blocks". */
  count: number;
  /** The last number used, start − 1 when none: the page's question_total, the next page starts after it. */
  questionTotal: number;
}

type Numbering = 'auto' | 'sub';

/**
 * Questions of a page in document order: bases top to bottom, a two-column block left then right,
 * a split cell by cell from the left.
 */
function* questionsOf(rows: readonly (RowBlock | SplitCellBlock)[]): Generator<{ id: string; numbering: Numbering }> {
  for (const row of rows) {
    switch (row.kind) {
      case 'singleChoice':
      case 'multiChoice':
      case 'freeAnswer':
        yield { id: row.id, numbering: row.numbering };
        break;
      case 'subQuestionGroup':
        for (const item of row.items) yield { id: item.id, numbering: item.numbering };
        break;
      case 'questionGroup':
        yield* questionsOf(row.children);
        break;
      case 'twoColumn':
        yield* questionsOf(row.left);
        yield* questionsOf(row.right);
        break;
      case 'ratioSplit':
      case 'equalSplit':
        for (const cell of row.cells) yield* questionsOf(cell.children);
        break;
      default:
        break;
    }
  }
}

/**
 * Numbers every question of a page, starting at `startNumber` (the previous page's
 * question_total + 1). Pure, so the editor's "recalculate numbers", the save and the PDF
 * conversion all agree.
 */
export function numberQuestions(components: PageComponents, startNumber: number): PageNumbering {
  if (!Number.isInteger(startNumber) || startNumber < 1) throw new Error(`start number must be a positive integer, got ${startNumber}`);
  const numbers = new Map<string, QuestionNumber>();
  let next = startNumber;
  for (const block of components.blocks) {
    if (block.kind === 'header') continue;
    for (const question of questionsOf(block.children)) {
      if (question.numbering === 'sub') {
        // A sub-question before any counted question of the page belongs to the previous page's last.
        numbers.set(question.id, { q: Math.max(1, next - 1), showno: SUB_QUESTION_MARK, sub: true });
      } else {
        numbers.set(question.id, { q: next, showno: String(next), sub: false });
        next += 1;
      }
    }
  }
  return { numbers, count: next - startNumber, questionTotal: next - 1 };
}
