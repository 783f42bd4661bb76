import { z } from 'zod';
import { PAGE_SIZE } from '../../../shared/limits';
import { ZClassListFilterSchema, ZGradeListFilterSchema, ZStudentListFilterSchema } from '../../../shared/schemas/students';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { paginate, pageInput } from '../../../data/repos/paginate';
import { classListPage, classListQuery, gradeListPage, gradeListQuery, studentListQuery } from '../../../data/repos/students.repo';
import { schoolFor } from '../clients/school-access';

export const ZGradeListSchema = ZGradeListFilterSchema.extend(pageInput(PAGE_SIZE.grades).shape);
export const ZClassListSchema = ZClassListFilterSchema.extend(pageInput(PAGE_SIZE.classes).shape);
export const ZStudentListSchema = ZStudentListFilterSchema.extend(pageInput(PAGE_SIZE.students).shape);

const asCounts = <T extends { students: unknown }>(row: T) => ({ ...row, students: Number(row.students) });

export async function listGrades(deps: Deps, actor: Actor, input: z.infer<typeof ZGradeListSchema>) {
  const id = await schoolFor(deps, actor, 'students.manage', input.client_id);
  const page = await gradeListPage(deps.db, id, input);
  return { ...page, data: page.data.map((r) => ({ ...asCounts(r), classes: Number(r.classes) })) };
}

export async function listClasses(deps: Deps, actor: Actor, input: z.infer<typeof ZClassListSchema>) {
  const id = await schoolFor(deps, actor, 'students.manage', input.client_id);
  const page = await classListPage(deps.db, id, input.grade, input);
  return { ...page, data: page.data.map(asCounts) };
}

export async function listStudents(deps: Deps, actor: Actor, input: z.infer<typeof ZStudentListSchema>) {
  const id = await schoolFor(deps, actor, 'students.manage', input.client_id);
  return paginate(studentListQuery(deps.db, id, input), input);
}

/** Pickers of the print dialog, so teachers who print reach them: grades, and one grade's classes. */
export async function gradeOptions(deps: Deps, actor: Actor, clientId?: number) {
  const id = await schoolFor(deps, actor, 'cards.print', clientId);
  return (await gradeListQuery(deps.db, id).execute()).map((r) => ({ grade: r.grade }));
}

export async function classOptions(deps: Deps, actor: Actor, grade: number, clientId?: number) {
  const id = await schoolFor(deps, actor, 'cards.print', clientId);
  return (await classListQuery(deps.db, id, grade).execute()).map((r) => ({ class: r.class }));
}
