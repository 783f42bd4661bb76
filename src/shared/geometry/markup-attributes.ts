/**
 * The data attributes the shared card renderer puts on every machine-read element, and the only
 * thing the measurer (editor save, PDF conversion) looks for. Changing one breaks printed cards.
 *
 *   <span data-omr="bubble" data-q="3" data-value="B" data-showno="3">   an answer bubble
 *   <div  data-omr="group"  data-q="3" data-showno="3" data-qkind="single">  a question's outline
 *   <td   data-field="name">                                              a header cell to fill
 *   <span data-field="class-bubble" data-column="0" data-digit="7">       a header digit bubble
 *   <div  data-omr="score-field" data-q="9" data-showno="9" data-max="15">  a score field (閱卷給分格)
 *   <span data-omr="score" data-q="9" data-column="tens" data-value="10">   its bubble: marking it adds 10
 */
export const OMR_ATTR = 'data-omr';
export const OMR_KIND = { bubble: 'bubble', group: 'group', scoreField: 'score-field', scoreBubble: 'score' } as const;
export const Q_ATTR = 'data-q';
export const VALUE_ATTR = 'data-value';
export const SHOWNO_ATTR = 'data-showno';
/** On a group: single | multi | truefalse | numeric | free (card-geometry.ts QUESTION_KINDS). */
export const QKIND_ATTR = 'data-qkind';

export const FIELD_ATTR = 'data-field';
export const TEXT_FIELDS = ['name', 'number', 'seat', 'grade', 'className', 'department', 'subject', 'barcode'] as const;
export const DIGIT_FIELDS = { 'grade-bubble': 'gradeBubbles', 'class-bubble': 'classBubbles', 'seat-bubble': 'seatBubbles' } as const;
export const COLUMN_ATTR = 'data-column';
/** On a score field: the most points it lets a teacher mark. */
export const MAX_ATTR = 'data-max';
export const DIGIT_ATTR = 'data-digit';

/** Every page of a render is a `<section data-card-page="n">` of exactly A4. */
export const PAGE_ATTR = 'data-card-page';
