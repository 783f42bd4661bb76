import { COLUMN_ATTR, DIGIT_ATTR, DIGIT_FIELDS, FIELD_ATTR, OMR_ATTR, OMR_KIND, Q_ATTR, SHOWNO_ATTR, VALUE_ATTR } from '../../geometry/markup-attributes';
import type { QuestionNumber } from './question-numbers';

// Every bubble has the one size of the stylesheet's .acs-bubble (BUBBLE_PX): a scanner is tuned
// to one mark size, so no block may size its bubbles itself.

/** An answer bubble, marked for the OMR map with its question and value. */
export function AnswerBubble({ number, value }: { number: QuestionNumber; value: string }) {
  const marks = { [OMR_ATTR]: OMR_KIND.bubble, [Q_ATTR]: String(number.q), [VALUE_ATTR]: value, [SHOWNO_ATTR]: number.showno };
  return (
    <span className="acs-bubble" {...marks}>
      {value}
    </span>
  );
}

export type DigitField = keyof typeof DIGIT_FIELDS;

/** A digit bubble of the header's grade, class and seat grids; column 0 is the tens digit. */
export function DigitBubble({ field, column, digit }: { field: DigitField; column: number; digit: number }) {
  const marks = { [FIELD_ATTR]: field, [COLUMN_ATTR]: String(column), [DIGIT_ATTR]: String(digit) };
  return (
    <span className="acs-bubble" {...marks}>
      {digit}
    </span>
  );
}

/** A bubble the student marks that no scan reads (the header's confirmation): same look, no marks. */
export function PlainBubble() {
  return <span className="acs-bubble" />;
}
