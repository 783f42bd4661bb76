import { ZKeyGuidInput, ZKeySheetInput, ZLegacySaveKeyInput, ZScoresDownloadInput, ZScoresInput } from '../../../shared/schemas/scores';
import { told } from '../../http/told';
import { getKey, saveLegacyKey } from '../../../core/services/scores/answer-key';
import { scoredCard } from '../../../core/services/scores/card-scores';
import { scoresFile } from '../../../core/services/scores/score-exports';
import { keySheet } from '../../../core/services/scores/key-sheet';
import { json, sessionAction } from '../action';
import { say } from './cards.actions';
import { file } from './cards-content.actions';

// cards: answer keys and scores (LEGACY-API.md "Extensions for reading scans back"; docs/scores.md).

export const scoresActions = [
  sessionAction({
    area: 'cards',
    method: 'save',
    action: 'answerKey',
    input: ZLegacySaveKeyInput,
    run: async (ctx, input) => say(told(ctx.locale, await saveLegacyKey(ctx.deps, ctx.actor, input))),
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'answerKey',
    input: ZKeyGuidInput,
    run: async (ctx, input) => {
      const view = await getKey(ctx.deps, ctx.actor, input.guid);
      // Written questions follow the choice rows as `{showno, kind: "free", points, field_max, saved, …}` (docs/legacy-api.md).
      const key = Object.fromEntries<unknown>([...view.questions.map(({ q, ...rest }) => [String(q), rest] as const), ...view.written.map(({ q, ...rest }) => [String(q), { ...rest, kind: 'free' }] as const)]);
      return json({ key, max_score: view.max_score, saved: view.saved, updated_at: view.updated_at, scanned_key: view.scanned_key, versions: view.versions });
    },
  }),
  sessionAction({
    area: 'cards',
    method: 'get',
    action: 'scores',
    input: ZScoresInput,
    run: async (ctx, input) => {
      const card = await scoredCard(ctx.deps, ctx.actor, input);
      const rows = card.students.map((s) => ({
        student_number: s.student_number,
        name: s.name,
        grade: s.grade,
        class: s.class,
        seat: s.seat,
        version: s.version ?? null,
        choice: s.choice,
        written: s.written,
        score: s.score,
        max_score: card.maxScore,
        written_points: s.written_points,
        ungraded: s.ungraded,
        rank: s.rank,
        answers: s.answers,
        correct: s.correct,
      }));
      // Students without a sheet: a row each, `absent: true`, no score (never a 0), not ranked.
      const absent = card.absent.map((s) => ({ student_number: s.student_number, name: s.name, grade: s.grade, class: s.class, seat: s.seat, score: null, max_score: card.maxScore, rank: null, answers: {}, correct: {}, absent: true, attendance: s.mark }));
      const all = [...rows, ...absent].sort((a, b) => a.grade - b.grade || a.class - b.class || a.seat - b.seat);
      return json({ data: all, total: all.length, per_page: all.length, current_page: 1, last_page: 1, pending_review: card.pendingReview });
    },
  }),
  sessionAction({
    area: 'cards',
    method: 'download',
    action: 'scores',
    input: ZScoresDownloadInput,
    run: async (ctx, input) => file(await scoresFile(ctx.deps, ctx.actor, ctx.locale, input)),
  }),
  sessionAction({ area: 'cards', method: 'download', action: 'keySheet', input: ZKeySheetInput, run: async (ctx, input) => file(await keySheet(ctx.deps, ctx.actor, ctx.locale, input.guid, input.version)) }),
];
