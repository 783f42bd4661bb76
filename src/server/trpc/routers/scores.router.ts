import { ZAttendanceInput, ZKeyGuidInput, ZSaveKeyInput, ZUseScannedKeyInput, ZSaveVersionInput, ZScoresInput } from '../../../shared/schemas/scores';
import { saveVersionOrder } from '../../../core/services/scores/version-orders';
import { told } from '../../http/told';
import { getKey, saveKey, useScannedKey } from '../../../core/services/scores/answer-key';
import { cardItems, cardResults } from '../../../core/services/scores/card-scores';
import { markAttendance } from '../../../core/services/scores/attendance';
import { scoresOverview } from '../../../core/services/scores/scores-overview';
import { authedProcedure, router } from '../init';

// Answer key, results and item analysis of a card (docs/scores.md); the files (score exports,
// the key sheet) go through the legacy door's downloads, as the client's other files do.
export const scoresRouter = router({
  key: authedProcedure.input(ZKeyGuidInput).query(({ ctx, input }) => getKey(ctx.deps, ctx.actor, input.guid)),
  saveKey: authedProcedure.input(ZSaveKeyInput).mutation(async ({ ctx, input }) => told(ctx.locale, await saveKey(ctx.deps, ctx.actor, input))),
  useScannedKey: authedProcedure.input(ZUseScannedKeyInput).mutation(async ({ ctx, input }) => told(ctx.locale, await useScannedKey(ctx.deps, ctx.actor, input.guid, input.version))),
  saveVersion: authedProcedure.input(ZSaveVersionInput).mutation(async ({ ctx, input }) => told(ctx.locale, await saveVersionOrder(ctx.deps, ctx.actor, input))),
  results: authedProcedure.input(ZScoresInput).query(({ ctx, input }) => cardResults(ctx.deps, ctx.actor, input)),
  attendance: authedProcedure.input(ZAttendanceInput).mutation(async ({ ctx, input }) => told(ctx.locale, await markAttendance(ctx.deps, ctx.actor, input))),
  items: authedProcedure.input(ZScoresInput).query(({ ctx, input }) => cardItems(ctx.deps, ctx.actor, input)),
  /** 成績總覽: the school's scanned exams the actor may read (services/scores/scores-overview.ts). */
  overview: authedProcedure.query(({ ctx }) => scoresOverview(ctx.deps, ctx.actor)),
});
