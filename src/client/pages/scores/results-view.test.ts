import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, nextSort, viewStudents, type Student } from './results-view';

const student = (seat: number, name: string, score: number, rank: number, q1: number, klass = 1): Student => ({
  student_id: seat + 100 * klass,
  student_number: `S${klass}${String(seat).padStart(2, '0')}`,
  name,
  grade: 8,
  class: klass,
  seat,
  score,
  choice: score,
  written: 0,
  written_points: {},
  ungraded: 0,
  rank,
  answers: { '1': q1 ? 'A' : 'B' },
  correct: { '1': q1 > 0 },
  points: { '1': q1 },
  flags: {},
});
const students = [student(1, '陳小明', 60, 2, 2), student(2, '林小華', 80, 1, 0), student(3, '王小美', 60, 2, 1), student(1, '張大同', 40, 4, 2, 2)];
const seats = (list: Student[]) => list.map((s) => `${s.class}-${s.seat}`);

describe('the results table view', () => {
  it('starts by rank, ties by class and seat', () => {
    expect(seats(viewStudents(students, DEFAULT_VIEW))).toEqual(['1-2', '1-1', '1-3', '2-1']);
  });

  it('sorts by a question column by the points earned, and turns round on a second click', () => {
    const byQ1 = nextSort(DEFAULT_VIEW, 'q1');
    expect(seats(viewStudents(students, byQ1))).toEqual(['1-2', '1-3', '1-1', '2-1']);
    expect(seats(viewStudents(students, nextSort(byQ1, 'q1')))).toEqual(['1-1', '2-1', '1-3', '1-2']);
  });

  it('sorts scores high first and seats by class', () => {
    expect(nextSort(DEFAULT_VIEW, 'score').desc).toBe(true);
    expect(seats(viewStudents(students, { ...DEFAULT_VIEW, sort: 'seat' }))).toEqual(['1-1', '2-1', '1-2', '1-3']);
  });

  it('filters by a name or number search and by a score ceiling', () => {
    expect(seats(viewStudents(students, { ...DEFAULT_VIEW, search: '小' }))).toEqual(['1-2', '1-1', '1-3']);
    expect(seats(viewStudents(students, { ...DEFAULT_VIEW, search: 's201' }))).toEqual(['2-1']);
    expect(seats(viewStudents(students, { ...DEFAULT_VIEW, below: '60' }))).toEqual(['2-1']);
    expect(viewStudents(students, { ...DEFAULT_VIEW, below: 'x' })).toHaveLength(4);
  });
});
