import { composeBlankCopies, composeClassPdf } from '../../../src/pdf/compose-class-pdf';
import { ZPrintStudent, type TPrintStudent } from '../../../src/pdf/class-print-input';
import { printCardOf } from '../../../src/pdf/print-source';
import { scanReadyPdfs } from '../../../src/pdf/scan-ready-pdf';
import { ZPageComponents, type PageComponents } from '../../../src/shared/card/page-blocks';
import { renderPageHtml } from '../../../src/shared/card/render/render-card-html';
import type { CardGeometryV2 } from '../../../src/shared/geometry/card-geometry';
import { BrowserHost } from '../../../src/worker/render/browser-host';
import { PdfRenderer } from '../../../src/worker/render/pdf-renderer';
import { firstPage, single } from '../card-pages';

/**
 * A real class print of a real card, as the product makes it (Chromium render → scan-ready PDF →
 * class print composed per student), for the scan corpus to fill and degrade: page 1 the header
 * and 25 single-choice questions, page 2 15 more single-choice, 10 multi-choice and 5 numeric rows.
 */
export type RealPrint = { map: CardGeometryV2; document: number; students: TPrintStudent[]; classPdf: Uint8Array; blankPdf: Uint8Array };

function secondPage() {
  return ZPageComponents.parse({
    version: 1,
    blocks: [{
      id: 'b2', kind: 'otherBase', title: '第二部分',
      children: [{
        id: 'g2', kind: 'questionGroup', label: '第二大題', children: [
          ...Array.from({ length: 15 }, (_, i) => single(`s${i}`, { type: 'en', count: 4 })),
          ...Array.from({ length: 10 }, (_, i) => ({ id: `m${i}`, kind: 'multiChoice', options: { type: 'en', count: 5 } })),
          ...Array.from({ length: 5 }, (_, i) => single(`n${i}`, { type: 'chooseNumber', digit: true, minus: true, plusMinus: false })),
        ],
      }],
    }],
  });
}

/** `roster`: the students to print (e.g. a test school's own, so the job identifies them); else made-up ones (ids 9000…). */
export async function realClassPrint(studentCount: number, document = 7301, roster?: TPrintStudent[]): Promise<RealPrint> {
  return realClassPrintOf([firstPage(25), secondPage()], studentCount, document, roster);
}

/** The same for any card's pages (e.g. the score-field card of tests/support/score-box-card.ts). */
export async function realClassPrintOf(cardPages: readonly PageComponents[], studentCount: number, document = 7301, roster?: TPrintStudent[]): Promise<RealPrint> {
  const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', restartEvery: 100 });
  try {
    const renderer = new PdfRenderer(host, 60_000);
    let start = 1;
    const pages = cardPages.map((components, i) => {
      const page = renderPageHtml({ components, assets: [], page: i + 1, startNumber: start, ...(i === 0 ? { schoolName: '示範高級中學' } : {}) });
      start = page.questionTotal + 1;
      return { html: page.html, css: page.css };
    });
    const rendered = await renderer.render({ pages });
    const map = rendered.geometry;
    const { base } = await scanReadyPdfs(rendered.pdf, map, document);
    const students = roster ?? Array.from({ length: studentCount }, (_, i) =>
      ZPrintStudent.parse({ id: 9000 + i, name: `學生${i + 1}`, number: `1120${String(i + 1).padStart(3, '0')}`, seat: i + 1, grade: 1 + (i % 3), class: 1 + ((i * 7) % 12), className: '一年一班' }));
    const card = { ...printCardOf(map, document), info: { department: '國中部', subject: '數學' } };
    const classPdf = await composeClassPdf({ card: base, ...card, students });
    const blankPdf = await composeBlankCopies({ card: base, ...card }, studentCount);
    return { map, document, students, classPdf, blankPdf };
  } finally {
    await host.close();
  }
}
