import type { Results } from '../../../shared/schemas/scores';

// What the results table shows: the students of the selection, filtered by a search and a score
// ceiling, sorted by any column (a question column sorts by the points earned on it).

export type Student = Results['students'][number];
export type SortKey = 'number' | 'seat' | 'name' | 'class' | 'score' | 'rank' | `q${number}`;

export interface ResultsView {
  sort: SortKey;
  desc: boolean;
  search: string;
  /** Only students scoring less than this; '' shows all. */
  below: string;
}

export const DEFAULT_VIEW: ResultsView = { sort: 'rank', desc: false, search: '', below: '' };

const names = new Intl.Collator('zh-Hant-TW', { numeric: true });

function compare(sort: SortKey): (a: Student, b: Student) => number {
  switch (sort) {
    case 'number':
      return (a, b) => names.compare(a.student_number, b.student_number);
    case 'name':
      return (a, b) => names.compare(a.name, b.name);
    case 'class':
      return (a, b) => a.grade - b.grade || a.class - b.class || a.seat - b.seat;
    case 'seat':
      return (a, b) => a.seat - b.seat || a.grade - b.grade || a.class - b.class;
    case 'score':
      return (a, b) => a.score - b.score;
    case 'rank':
      return (a, b) => a.rank - b.rank;
    default: {
      const q = sort.slice(1);
      return (a, b) => (a.points[q] ?? 0) - (b.points[q] ?? 0) || Number(a.correct[q] ?? false) - Number(b.correct[q] ?? false);
    }
  }
}

export function viewStudents(students: readonly Student[], view: ResultsView): Student[] {
  const search = view.search.trim().toLowerCase();
  const below = view.below.trim() === '' ? Infinity : Number(view.below);
  const order = compare(view.sort);
  // Ties keep a stable order: by rank, then class and seat.
  const tie = (a: Student, b: Student) => a.rank - b.rank || a.grade - b.grade || a.class - b.class || a.seat - b.seat;
  return students
    .filter((s) => (!search || s.name.toLowerCase().includes(search) || s.student_number.toLowerCase().includes(search)) && !(s.score >= below))
    .sort((a, b) => (view.desc ? -order(a, b) : order(a, b)) || tie(a, b));
}

/** Clicking a column sorts by it; clicking it again turns the order round. Scores start high first. */
export function nextSort(view: ResultsView, sort: SortKey): ResultsView {
  if (view.sort === sort) return { ...view, desc: !view.desc };
  return { ...view, sort, desc: sort === 'score' };
}
