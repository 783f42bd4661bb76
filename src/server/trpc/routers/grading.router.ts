import { ZCropInput, ZGivePointsInput, ZRemoveGradeInput, ZSaveGradeInput, ZSaveRubricInput, ZSheetsInput, ZSlipsInput, ZSlipsJobInput, ZWrittenQuestionInput } from '../../../shared/schemas/grading';
import { slipsJobFile, slipsStatus, startSlips } from '../../../core/services/grading/slips-jobs';
import { gradingSheets, writtenCrop } from '../../../core/services/grading/crops';
import { told } from '../../http/told';
import { givePoints, questionGrades, removeGrade, saveGrade } from '../../../core/services/grading/grades';
import { getRubric, saveRubric } from '../../../core/services/grading/rubrics';
import { authedProcedure, router } from '../init';

// Written answers graded (docs/grading.md): rubrics and grades of a card's written questions.
export const gradingRouter = router({
  rubric: authedProcedure.input(ZWrittenQuestionInput).query(({ ctx, input }) => getRubric(ctx.deps, ctx.actor, input)),
  saveRubric: authedProcedure.input(ZSaveRubricInput).mutation(async ({ ctx, input }) => told(ctx.locale, await saveRubric(ctx.deps, ctx.actor, input))),
  sheets: authedProcedure.input(ZSheetsInput).query(({ ctx, input }) => gradingSheets(ctx.deps, ctx.actor, input)),
  crop: authedProcedure.input(ZCropInput).query(({ ctx, input }) => writtenCrop(ctx.deps, ctx.actor, input)),
  grades: authedProcedure.input(ZWrittenQuestionInput).query(({ ctx, input }) => questionGrades(ctx.deps, ctx.actor, input)),
  saveGrade: authedProcedure.input(ZSaveGradeInput).mutation(async ({ ctx, input }) => told(ctx.locale, await saveGrade(ctx.deps, ctx.actor, input))),
  removeGrade: authedProcedure.input(ZRemoveGradeInput).mutation(async ({ ctx, input }) => told(ctx.locale, await removeGrade(ctx.deps, ctx.actor, input))),
  givePoints: authedProcedure.input(ZGivePointsInput).mutation(async ({ ctx, input }) => told(ctx.locale, await givePoints(ctx.deps, ctx.actor, input))),
  // 成績單 through the `slips` queue: start, follow, fetch (docs/grading.md "Slips through a job").
  slipsStart: authedProcedure.input(ZSlipsInput).mutation(({ ctx, input }) => startSlips(ctx.deps, ctx.actor, ctx.locale, input)),
  slipsStatus: authedProcedure.input(ZSlipsJobInput).query(({ ctx, input }) => slipsStatus(ctx.deps, ctx.actor, ctx.locale, input.job_id)),
  slipsFile: authedProcedure.input(ZSlipsJobInput).query(({ ctx, input }) => slipsJobFile(ctx.deps, ctx.actor, input.job_id)),
});
