import type { z } from 'zod';
import type { ZFreeAnswerBlock, ZMultiChoiceBlock, ZSingleChoiceBlock, ZSubQuestionGroupBlock } from '../row-blocks';
import type { QuestionKind } from '../../geometry/card-geometry';
import { OMR_ATTR, OMR_KIND, QKIND_ATTR, Q_ATTR, SHOWNO_ATTR } from '../../geometry/markup-attributes';
import type { ChoiceOptions } from '../block-parts';
import { AnswerBubble } from './bubble';
import { optionValues } from './option-values';
import type { QuestionNumber } from './question-numbers';
import { blockHooks, numberOf, type RenderEnv } from './render-env';
import { RichTextView } from './rich-text';
import type { RowOf } from './layout-blocks';
import { ScoreFieldView } from './score-field';

type ChoiceBlock = z.infer<typeof ZSingleChoiceBlock> | z.infer<typeof ZMultiChoiceBlock>;

const groupMarks = (number: QuestionNumber, kind: QuestionKind) => ({
  [OMR_ATTR]: OMR_KIND.group,
  [Q_ATTR]: String(number.q),
  [SHOWNO_ATTR]: number.showno,
  [QKIND_ATTR]: kind,
});
/** A single-choice row's kind follows its options: ○× rows are true/false, digit rows numeric. */
const choiceKind = (options: ChoiceOptions, multi: boolean): QuestionKind =>
  multi ? 'multi' : options.type === 'truefalse' ? 'truefalse' : options.type === 'chooseNumber' ? 'numeric' : 'single';
// The border is transparent rather than absent when turned off, so the row pitch never changes.
const rowClass = (base: string, border: { bottom: boolean } | undefined) => `${base}${border?.bottom === false ? ' acs-no-border' : ''}`;

function Bubbles({ number, values }: { number: QuestionNumber; values: string[] }) {
  return (
    <div className="acs-q-options">
      {values.map((value) => (
        <AnswerBubble number={number} value={value} key={value} />
      ))}
    </div>
  );
}

/** One single- or multi-choice question: its number, then one bubble per option. */
export function ChoiceRow({ block, number, env }: { block: ChoiceBlock; number: QuestionNumber; env: RenderEnv }) {
  return (
    <div className={rowClass(`acs-q acs-${block.kind}`, block.border)} {...groupMarks(number, choiceKind(block.options, block.kind === 'multiChoice'))} {...blockHooks(env, block.id)}>
      <div className="acs-q-no">{number.showno}</div>
      <Bubbles number={number} values={optionValues(block.options)} />
    </div>
  );
}

/** The sub-question dialog's questions: each item a row of its own, with its label before the bubbles. */
export function SubQuestionGroup({ block, env }: { block: z.infer<typeof ZSubQuestionGroupBlock>; env: RenderEnv }) {
  const values = optionValues(block.options);
  return (
    <div className="acs-subgroup" {...blockHooks(env, block.id)}>
      {block.items.map((item) => {
        const number = numberOf(env, item.id);
        return (
          <div className={rowClass('acs-q acs-sub-item', block.border)} {...groupMarks(number, choiceKind(block.options, false))} {...blockHooks(env, item.id)} key={item.id}>
            <div className="acs-q-no">{number.showno}</div>
            <div className="acs-q-label">
              <RichTextView content={item.label} />
            </div>
            <Bubbles number={number} values={values} />
          </div>
        );
      })}
    </div>
  );
}

/** A written answer: the number, then an area of the block's height holding its tools (and its score field, when it has one). */
export function FreeAnswerRow({ block, number, env, row }: { block: z.infer<typeof ZFreeAnswerBlock>; number: QuestionNumber; env: RenderEnv; row: RowOf }) {
  return (
    <div className={rowClass('acs-q acs-free', block.border)} style={{ height: block.height }} {...groupMarks(number, 'free')} {...blockHooks(env, block.id)}>
      <div className="acs-q-no">{number.showno}</div>
      <div className="acs-free-area">
        {block.scoreBox && <ScoreFieldView box={block.scoreBox} number={number} />}
        {block.children.map(row)}
      </div>
    </div>
  );
}
