import { ZPageComponents, type PageComponents } from '../../src/shared/card/page-blocks';
import type { Asset } from '../../src/shared/card/page-document';
import { everyKindPage, PNG_ASSET, single } from './card-pages';

// A stored card whose three pages together hold every block kind of the schema, every choice
// option type, every imageText layout and every blank variant, saved as the editor saves them.
// Page 2 is card-pages' everyKindPage; pages 1 and 3 add what it lacks. Images come as a data:
// URL and as a stored upload, served to the render through the sandbox's asset origin.

const run = (text: string) => [[{ text }]];

/** The stored image of page 3: a path under the school's asset folder (write `PNG_BYTES` there). */
export const storedImage = (schoolId: number): Asset => ({ ...PNG_ASSET, id: 'up1', name: 'upload.png', src: `/assets/cards/${schoolId}/every-block/upload.png` });
export const PNG_BYTES = Buffer.from(PNG_ASSET.src.split(',')[1], 'base64');

/** Header and first base: single choice of every option type, multiple choice, a 'sub' number. */
function firstPage(): PageComponents {
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'h', kind: 'header', schoolName: '示範高級中學', title: '每種元件的卷卡', subtitle: { left: run('一、選擇題'), right: run('請以2B鉛筆作答') } },
      { id: 'b1', kind: 'firstBase', children: [
        { id: 'g1', kind: 'questionGroup', label: '選擇題', children: [
          single('a1', { type: 'number', count: 6 }),
          single('a2', { type: 'en', count: 10 }),
          single('a3', { type: 'truefalse' }),
          single('a4', { type: 'en', count: 4 }, 'sub'),
          { id: 'a5', kind: 'multiChoice', options: { type: 'en', count: 5 } },
          { id: 'a6', kind: 'multiChoice', options: { type: 'chooseNumber', digit: true, minus: false, plusMinus: true } },
          { id: 'a7', kind: 'singleChoice', options: { type: 'chooseNumber', digit: false, minus: true, plusMinus: false } },
        ] },
      ] },
    ],
  });
}

/** Every imageText layout, the text blank, and cells holding each cell tool. */
function thirdPage(): PageComponents {
  const layouts = ['imageLeft', 'textLeft', 'imageTop', 'textTop'] as const;
  return ZPageComponents.parse({
    version: 1,
    blocks: [
      { id: 'b3', kind: 'otherBase', title: '圖文與空白', children: [
        ...layouts.map((layout, i) => ({ id: `it${i}`, kind: 'imageText', layout, assetId: i % 2 ? 'img1' : 'up1', height: 100, content: run(`圖文 ${layout}`) })),
        { id: 'bt', kind: 'blank', variant: 'text', height: 40, content: run('以下空白') },
        { id: 'g3', kind: 'questionGroup', label: '補充', children: [
          { id: 'sq', kind: 'subQuestionGroup', options: { type: 'number', count: 4 }, items: [{ id: 'x1', label: run('丙'), numbering: 'sub' }, { id: 'x2', label: run('丁') }] },
          { id: 'fa', kind: 'freeAnswer', children: [{ id: 'bx', kind: 'borderedText', content: run('作答區') }, { id: 'dl', kind: 'dotUnderline', chars: 6 }] },
        ] },
      ] },
    ],
  });
}

/** The three pages as `save card` takes them (components and the assets they name). */
export function everyBlockPages(schoolId: number): { components: PageComponents; assets: Asset[] }[] {
  return [
    { components: firstPage(), assets: [] },
    // A save refuses a dangling image reference, which everyKindPage has on purpose.
    { components: ZPageComponents.parse(JSON.parse(JSON.stringify(everyKindPage()).replace('"missing"', 'null'))), assets: [PNG_ASSET] },
    { components: thirdPage(), assets: [PNG_ASSET, storedImage(schoolId)] },
  ];
}

/** The block kinds and variants a card's pages hold, to prove the card covers the schema. */
export function kindsIn(pages: { components: PageComponents }[]): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.kind === 'string') found.add(record.kind);
    if (record.kind === 'imageText') found.add(`imageText:${String(record.layout)}`);
    if (record.kind === 'blank') found.add(`blank:${String(record.variant)}`);
    if (typeof record.type === 'string' && 'options' in record === false && ('count' in record || 'digit' in record)) found.add(`option:${record.type}`);
    if (record.numbering === 'sub') found.add('numbering:sub');
    Object.values(record).forEach(visit);
  };
  pages.forEach((page) => visit(page.components));
  return found;
}
