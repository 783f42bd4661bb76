import { COLUMN_ATTR, MAX_ATTR, OMR_ATTR, OMR_KIND, Q_ATTR, SHOWNO_ATTR, VALUE_ATTR } from '../../geometry/markup-attributes';
import { scoreFieldRows } from '../../geometry/score-field-layout';
import type { ScoreBox } from '../row-blocks';
import type { QuestionNumber } from './question-numbers';
import { SCORE_FIELD_CAPTION } from './render-constants';

// 閱卷給分格 (docs/omr-geometry.md "Score fields"): floated to the top right of a free answer's
// area, so the area's tools flow beside and below it and nothing hides under it. Its bubbles are
// the card's bubbles (one size, the mark colour); each is marked with the points it adds.

function ScoreBubble({ number, column, points, text }: { number: QuestionNumber; column: string; points: number; text: string }) {
  const marks = { [OMR_ATTR]: OMR_KIND.scoreBubble, [Q_ATTR]: String(number.q), [COLUMN_ATTR]: column, [VALUE_ATTR]: String(points) };
  return (
    <span className={`acs-bubble${column === 'half' ? ' acs-score-half' : ''}`} {...marks}>
      {text}
    </span>
  );
}

/** The field of one free answer: the caption for the grading teacher, then its rows of bubbles. */
export function ScoreFieldView({ box, number }: { box: ScoreBox; number: QuestionNumber }) {
  const rows = scoreFieldRows(box.max, box.half);
  const half = rows.find((row) => row.column === 'half');
  const marks = { [OMR_ATTR]: OMR_KIND.scoreField, [Q_ATTR]: String(number.q), [SHOWNO_ATTR]: number.showno, [MAX_ATTR]: String(box.max) };
  return (
    <div className="acs-score" {...marks}>
      <div className="acs-score-caption">
        {SCORE_FIELD_CAPTION.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </div>
      <div className="acs-score-rows">
        {rows
          .filter((row) => row !== half)
          .map((row, i) => (
            <div className="acs-score-row" key={row.column}>
              {row.label && <span className="acs-score-label">{row.label}</span>}
              {row.bubbles.map((b) => (
                <ScoreBubble number={number} column={row.column} points={b.points} text={b.text} key={b.points} />
              ))}
              {/* The .5 bubble ends the first row: the tens row is short, the scale row is the only one. */}
              {i === 0 && half && <ScoreBubble number={number} column="half" points={0.5} text=".5" />}
            </div>
          ))}
      </div>
    </div>
  );
}
