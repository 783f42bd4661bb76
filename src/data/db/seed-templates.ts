import type { PageComponents } from '../../shared/card/page-blocks';
import type { Db } from './database';

// One system-wide template, so a fresh install can make a card from a template at once. Its guid
// is fixed, so seeding again changes nothing; its page is a plain first page of ten A–D questions.
export const DEMO_TEMPLATE_GUID = '00000000-0000-4000-8000-00000000a001';
/** The worker converts these once at its first start (services/cards/save-pdf.ts#convertSeededTemplates). */
export const SEEDED_TEMPLATE_GUIDS = [DEMO_TEMPLATE_GUID] as const;

const QUESTIONS = 10;

export const DEMO_TEMPLATE_COMPONENTS: PageComponents = {
  version: 1,
  blocks: [
    { id: 'header', kind: 'header', schoolName: '', title: '第一學期期中考' },
    {
      id: 'base',
      kind: 'firstBase',
      height: 527,
      children: [
        {
          id: 'group1',
          kind: 'questionGroup',
          label: '第一大題',
          labelHeight: 63,
          children: Array.from({ length: QUESTIONS }, (_, i) => ({
            id: `q${i + 1}`,
            kind: 'singleChoice' as const,
            numbering: 'auto' as const,
            options: { type: 'en' as const, count: 4 },
          })),
        },
      ],
    },
  ],
};

const bubbles = 'ABCD'.split('').map((o) => `<span class="bubble">${o}</span>`).join('');
const html =
  '<div class="page"><div class="header">第一學期期中考</div><table class="base"><tr><td class="group-label">第一大題</td><td>' +
  Array.from({ length: QUESTIONS }, (_, i) => `<div class="q" data-q="${i + 1}"><span class="no">${i + 1}</span>${bubbles}</div>`).join('') +
  '</td></tr></table></div>';
const css = '.page{width:595pt}.base{height:527px;border:1px solid #000}.bubble{color:rgb(255,0,150);margin:0 4px}';

export async function seedDemoTemplate(db: Db, systemSchoolId: number): Promise<void> {
  const inserted = await db
    .insertInto('documents')
    .ignore()
    .values({
      guid: DEMO_TEMPLATE_GUID,
      kind: 'template',
      client_id: systemSchoolId,
      user_id: null,
      author: '系統管理者',
      title: '標準劃記卡（10題）',
      description: '單選題 A–D 十題，可直接製作卷卡',
      mode: 'omr',
      size: 'A4',
      privacy: 'system',
      source_id: null,
      pdf_key: null,
    })
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  const params = JSON.stringify({ selectlist: {}, grouplist: {} });
  await db
    .insertInto('document_pages')
    .values({ document_id: Number(inserted.insertId), page_no: 1, html, css, styles: '', components: JSON.stringify(DEMO_TEMPLATE_COMPONENTS), assets: '[]', params })
    .execute();
}
