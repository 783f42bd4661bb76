import type { RubricView, TSaveRubricInput, TWrittenQuestionInput } from '../../../shared/schemas/grading';
import type { Actor } from '../../auth/actor';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { gradesPerItem, rubricsOfCard, saveRubric as saveRubricRow, type Rubric } from '../../../data/repos/rubrics.repo';
import { schoolTime } from '../cards/card-rows';
import { rubricConflict, writtenCard, writtenQuestion } from './written-card';

// Rubrics of written questions (docs/grading.md "Rubrics"): read and saved whole under optimistic
// concurrency, through tRPC `grading.rubric`/`saveRubric` and legacy `get rubric`/`save rubric`.

export function rubricView(q: number, rubric: Rubric | null, perItem: ReadonlyMap<number, number> = new Map()): RubricView {
  if (!rubric) return { q, scoring: 'positive', version: 0, username: '', updated_at: null, items: [] };
  return {
    q,
    scoring: rubric.scoring,
    version: rubric.version,
    username: rubric.username,
    updated_at: schoolTime(rubric.updated_at),
    items: rubric.items.map((i) => ({ ...i, grades: perItem.get(i.id) ?? 0 })),
  };
}

export async function getRubric(deps: Deps, actor: Actor, input: TWrittenQuestionInput): Promise<RubricView> {
  const card = await writtenCard(deps, actor, input.guid);
  writtenQuestion(card, input.q);
  const [[rubric], perItem] = await Promise.all([rubricsOfCard(deps.db, actor.clientId, card.doc.id, input.q), gradesPerItem(deps.db, actor.clientId, card.doc.id, input.q)]);
  return rubricView(input.q, rubric ?? null, perItem);
}

export async function saveRubric(deps: Deps, actor: Actor, input: TSaveRubricInput) {
  const card = await writtenCard(deps, actor, input.guid);
  writtenQuestion(card, input.q);
  const result = await deps.db.transaction().execute((trx) => saveRubricRow(trx, card.owner, input.q, input.version, { scoring: input.scoring, items: input.items }));
  if (result.status === 'unknown-item') throw new AppError('BAD_REQUEST', 'grading.unknownItem', { q: input.q }, { items: 'grading.unknownItem' });
  if (result.status === 'conflict') throw rubricConflict(result.current);
  const perItem = await gradesPerItem(deps.db, actor.clientId, card.doc.id, input.q);
  return { message: 'grading.rubricSaved' as const, rubric: rubricView(input.q, result.rubric, perItem) };
}
