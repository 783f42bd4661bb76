import { ZPageComponents, type PageComponents } from '../../src/shared/card/page-blocks';
import { single } from './card-pages';

// A two-page card whose free answers carry every kind of score field (閱卷給分格): the 0…max
// row with and without the .5 bubble, tens and units digits with and without it, in a full-width
// row, in a question group, in both columns of a two-column block and beside a free answer's tools.

const run = (text: string) => [[{ text }]];
const free = (id: string, max: number, half: boolean, height = 80, extra: Record<string, unknown> = {}) => ({ id, kind: 'freeAnswer', height, scoreBox: { max, half }, ...extra });

/** Questions 1–8 single choice (A–D), 9–12 free answers with score fields (9: 0…5; 10: 0…10 and .5, beside a handwriting grid; 11: 0–15 in digits; 12: 0–20.5 in digits and .5). */
export function scoreBoxFirstPage(): PageComponents {
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'h', kind: 'header', schoolName: '示範國民中學', title: '八年級數學 第二次段考', subtitle: { left: run('一、選擇題　二、非選擇題'), right: run('請以2B鉛筆作答') } },
      { id: 'b1', kind: 'firstBase', children: [
        { id: 'g1', kind: 'questionGroup', label: '選擇題', children: Array.from({ length: 8 }, (_, i) => single(`c${i + 1}`, { type: 'en', count: 4 })) },
        { id: 'g2', kind: 'questionGroup', label: '非選擇題', children: [
          free('f9', 5, false, 60),
          free('f10', 10, true, 130, { children: [{ id: 'hw10', kind: 'handwritingGrid', chars: 30 }] }),
        ] },
        { id: 'tc', kind: 'twoColumn', left: [free('f11', 15, false, 110)], right: [free('f12', 20.5, true, 110)] },
      ] },
    ],
  });
}

/** Page 2: question 13 with a 99.5-point field beside its text, its sub-part (自) with a 0…8 field, and 14 without a field. */
export function scoreBoxSecondPage(): PageComponents {
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'b2', kind: 'otherBase', title: '非選擇題（續）', children: [
        free('f14', 99.5, true, 160, { children: [{ id: 'tx', kind: 'text', content: run('請寫出完整的計算過程。') }] }),
        free('f14s', 8, false, 120, { numbering: 'sub' }),
        { id: 'f15', kind: 'freeAnswer', height: 120 },
      ] },
    ],
  });
}

export const scoreBoxPages = () => [scoreBoxFirstPage(), scoreBoxSecondPage()];
