import { z } from 'zod';
import { translate } from '../../../shared/i18n/translate';
import { numeric, ZClientIdSchema } from '../../../shared/schemas/ids';
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
import { json, sessionAction } from '../action';

export const studentsActions = [
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'grade',
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await gradeOptions(ctx.deps, ctx.actor, input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'class',
    input: ZClientIdSchema.extend({ grade: numeric(z.number().int().min(1)) }),
    run: async (ctx, input) => json(await classOptions(ctx.deps, ctx.actor, input.grade, input.client_id)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'gradeLists',
    input: ZGradeListSchema,
    run: async (ctx, input) => json(await listGrades(ctx.deps, ctx.actor, input)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'classLists',
    input: ZClassListSchema,
    run: async (ctx, input) => json(await listClasses(ctx.deps, ctx.actor, input)),
  }),
  sessionAction({
    area: 'client',
    method: 'get',
    action: 'students',
    input: ZStudentListSchema,
    run: async (ctx, input) => json(await listStudents(ctx.deps, ctx.actor, input)),
  }),
  sessionAction({
    area: 'client',
    method: 'import',
    action: 'students',
    input: ZClientIdSchema,
    run: async (ctx, input) => {
      const { done, message } = await importStudents(ctx.deps, ctx.actor, input.client_id, ctx.file);
      return json(done, translate(ctx.locale, message, done));
    },
  }),
  // The spec names the path only; it takes the import's multipart form and answers the rows.
  sessionAction({
    area: 'previewExcelStudent',
    method: null,
    action: null,
    input: ZClientIdSchema,
    run: async (ctx, input) => json(await previewStudents(ctx.deps, ctx.actor, input.client_id, ctx.file)),
  }),
];
