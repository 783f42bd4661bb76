import { ZLegacyWrittenScoresInput, ZSaveRubricInput, ZSlipsInput, ZWrittenQuestionInput } from '../../../shared/schemas/grading';
import { slipsFile } from '../../../core/services/grading/slips';
import { file } from './cards-content.actions';
import { told } from '../../http/told';
import { saveLegacyWrittenScores } from '../../../core/services/grading/grades';
import { getRubric, saveRubric } from '../../../core/services/grading/rubrics';
import { json, sessionAction } from '../action';
import { say } from './cards.actions';

// cards: written grading for integrators (docs/legacy-api.md "Written answers"; docs/grading.md).

export const gradingActions = [
  sessionAction({ area: 'cards', method: 'get', action: 'rubric', input: ZWrittenQuestionInput, run: async (ctx, input) => json(await getRubric(ctx.deps, ctx.actor, input)) }),
  sessionAction({
    area: 'cards',
    method: 'save',
    action: 'rubric',
    input: ZSaveRubricInput,
    run: async (ctx, input) => {
      const saved = told(ctx.locale, await saveRubric(ctx.deps, ctx.actor, input));
      return json(saved.rubric, saved.message);
    },
  }),
  sessionAction({
    area: 'cards',
    method: 'save',
    action: 'writtenScores',
    input: ZLegacyWrittenScoresInput,
    run: async (ctx, input) => say(told(ctx.locale, await saveLegacyWrittenScores(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({ area: 'cards', method: 'download', action: 'slips', input: ZSlipsInput, run: async (ctx, input) => file(await slipsFile(ctx.deps, ctx.actor, ctx.locale, input)) }),
];
