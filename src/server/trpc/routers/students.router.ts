import { z } from 'zod';
import { translate } from '../../../shared/i18n/translate';
import { numeric, ZClientIdSchema } from '../../../shared/schemas/ids';
import { ZStudentEditSchema, ZStudentIdSchema, ZStudentListFilterSchema } from '../../../shared/schemas/students';
import { deleteStudent, exportRoster, saveStudent } from '../../../core/services/students/student-edit';
import { ZUploadSchema } from '../../../shared/schemas/upload';
import { importStudents, previewStudents } from '../../../core/services/students/import-students';
import {
  classOptions,
  gradeOptions,
  listClasses,
  listGrades,
  listStudents,
  ZClassListSchema,
  ZGradeListSchema,
  ZStudentListSchema,
} from '../../../core/services/students/roster';
import { authedProcedure, router } from '../init';
import { uploadedFile } from '../upload-file';

export const studentsRouter = router({
  grades: authedProcedure.input(ZGradeListSchema).query(({ ctx, input }) => listGrades(ctx.deps, ctx.actor, input)),
  classes: authedProcedure.input(ZClassListSchema).query(({ ctx, input }) => listClasses(ctx.deps, ctx.actor, input)),
  list: authedProcedure.input(ZStudentListSchema).query(({ ctx, input }) => listStudents(ctx.deps, ctx.actor, input)),
  save: authedProcedure.input(ZStudentEditSchema).mutation(async ({ ctx, input }) => ({
    ...(await saveStudent(ctx.deps, ctx.actor, input)),
    message: translate(ctx.locale, 'student.saved'),
  })),
  delete: authedProcedure.input(ZStudentIdSchema).mutation(async ({ ctx, input }) => {
    const done = await deleteStudent(ctx.deps, ctx.actor, input);
    return { message: translate(ctx.locale, 'student.deleted', done) };
  }),
  // A mutation: the file is made on request and answered as base64, as the viewer's files are.
  export: authedProcedure.input(ZStudentListFilterSchema).mutation(({ ctx, input }) => exportRoster(ctx.deps, ctx.actor, ctx.locale, input)),
  gradeOptions: authedProcedure.input(ZClientIdSchema).query(({ ctx, input }) => gradeOptions(ctx.deps, ctx.actor, input.client_id)),
  classOptions: authedProcedure
    .input(ZClientIdSchema.extend({ grade: numeric(z.number().int().min(1)) }))
    .query(({ ctx, input }) => classOptions(ctx.deps, ctx.actor, input.grade, input.client_id)),
  // A mutation, though it writes nothing: the file travels in the body, and a preview is not cached.
  preview: authedProcedure
    .input(ZUploadSchema)
    .mutation(({ ctx, input }) => previewStudents(ctx.deps, ctx.actor, input.client_id, uploadedFile(input))),
  import: authedProcedure.input(ZUploadSchema).mutation(async ({ ctx, input }) => {
    const { done, message } = await importStudents(ctx.deps, ctx.actor, input.client_id, uploadedFile(input));
    return { ...done, message: translate(ctx.locale, message, done) };
  }),
});
