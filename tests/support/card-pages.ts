import { ZPageComponents, type PageComponents } from '../../src/shared/card/page-blocks';
import type { Asset } from '../../src/shared/card/page-document';

// Realistic card pages for the renderer's tests, built as the editor would save them and parsed
// through the schema so defaults are filled exactly as in production.

const run = (text: string) => [[{ text }]];
export const single = (id: string, options: unknown = { type: 'en', count: 5 }, numbering = 'auto') => ({ id, kind: 'singleChoice', options, numbering });

/** A 1 × 1 PNG: an asset the schema accepts. */
export const PNG_ASSET: Asset = {
  id: 'img1',
  name: 'chart.png',
  type: 'image',
  src: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN49+4dAAWYAsspex20AAAAAElFTkSuQmCC',
  width: 1,
  height: 1,
};

/** Page 1: the header and 25 single-choice questions (A–E) in one question group. */
export function firstPage(questions = 25): PageComponents {
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'h', kind: 'header', schoolName: '示範高級中學', title: '114學年度第一學期期中考 數學科', subtitle: { left: run('一、單選題（每題4分，共100分）'), right: run('請以2B鉛筆作答') } },
      {
        id: 'b1',
        kind: 'firstBase',
        children: [{ id: 'g1', kind: 'questionGroup', label: '第一大題', children: Array.from({ length: questions }, (_, i) => single(`p1q${i + 1}`)) }],
      },
    ],
  });
}

/** Page 2: 36 questions of 12 options (A–L) under a centred title. */
export function secondPage(questions = 36): PageComponents {
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      {
        id: 'b2',
        kind: 'otherBase',
        title: '第二部分 多選題',
        children: [{ id: 'g2', kind: 'questionGroup', label: '第二大題', children: Array.from({ length: questions }, (_, i) => single(`p2q${i + 1}`, { type: 'en', count: 12 })) }],
      },
    ],
  });
}

/** A page holding one of every block kind, for structure tests. */
export function everyKindPage(): PageComponents {
  const cell = (id: string, children: unknown[] = []) => ({ id, children });
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'b', kind: 'otherBase', title: '綜合', children: [
        { id: 'g', kind: 'questionGroup', label: '第一大題', children: [
          single('s1', { type: 'number', count: 4 }),
          single('s2', { type: 'truefalse' }),
          single('s3', { type: 'en', count: 5 }, 'sub'),
          { id: 'm1', kind: 'multiChoice', options: { type: 'chooseNumber', digit: true, minus: true, plusMinus: true } },
          { id: 'sq', kind: 'subQuestionGroup', options: { type: 'en', count: 3 }, items: [
            { id: 'sq1', label: run('甲') }, { id: 'sq2', label: run('乙'), numbering: 'sub' },
          ] },
          { id: 'f1', kind: 'freeAnswer', children: [{ id: 'ul', kind: 'underline' }] },
        ] },
        { id: 'two', kind: 'twoColumn',
          left: [
            single('l1'),
            { id: 'tx', kind: 'text', content: run('<b>說明</b>') },
            { id: 'im', kind: 'image', assetId: null, height: 60 },
            { id: 'ic', kind: 'imageColumns', columns: 3, height: 60, assetIds: ['img1', null, 'missing'] },
            { id: 'bl1', kind: 'blank', variant: 'doNotWrite' },
          ],
          right: [
            { id: 'rc', kind: 'ratioChart', assetId: 'img1', height: 160 },
            { id: 'bt', kind: 'borderedText', content: [] },
            { id: 'bl2', kind: 'blank', variant: 'backSide' },
          ] },
        { id: 'hw', kind: 'handwritingGrid', chars: 12 },
        { id: 'du', kind: 'dotUnderline', chars: 8 },
        { id: 'rs', kind: 'ratioSplit', ratio: 3, cells: [cell('c1', [{ id: 'gr', kind: 'grid', rows: 3, cols: 10 }]), cell('c2')] },
        // Choice rows in split cells (issue 15), numbered down the first cell, then the next.
        { id: 'es', kind: 'equalSplit', columns: 3, border: 'middle', cells: [
          cell('e1', [single('e1a', { type: 'truefalse' }), single('e1b', { type: 'truefalse' })]),
          cell('e2', [{ id: 'e2a', kind: 'multiChoice', options: { type: 'en', count: 3 } }]),
          cell('e3'),
        ] },
        { id: 'it', kind: 'imageText', layout: 'textTop', assetId: 'img1', height: 120, content: run('看圖回答') },
      ] },
    ],
  });
}
