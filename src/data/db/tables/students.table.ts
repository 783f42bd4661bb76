import type { ExamVersion } from '../../../shared/geometry/page-code';
import type { Generated, Insertable, Selectable } from 'kysely';

/** One pupil of a school's roster; grade, class and seat are plain numbers (一年級 = 1). */
export interface StudentsTable {
  id: Generated<number>;
  client_id: number;
  grade: number;
  class: number;
  seat: number;
  /** 學號, kept exactly as imported (full-width digits included). */
  number: string;
  name: string;
  /** The roster's 卷別 (A–D), when the school imports one: a print in versions may follow it (0751). */
  exam_version: Generated<ExamVersion | null>;
}

export type StudentRow = Selectable<StudentsTable>;
export type NewStudent = Insertable<StudentsTable>;
