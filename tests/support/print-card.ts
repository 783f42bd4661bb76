import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { PT_PER_CSS_PX, ZHeaderFields, type HeaderFields } from '../../src/shared/geometry/card-geometry';
import { COLUMN_ATTR, DIGIT_ATTR, DIGIT_FIELDS, FIELD_ATTR, PAGE_ATTR, TEXT_FIELDS } from '../../src/shared/geometry/markup-attributes';
import { printCardHtml } from './print-card-html';

/**
 * A card PDF as the conversion will make it (Chromium, print media) with its header map measured
 * from the same render, for print tests and the print benchmark. A fixture, not the product's
 * measurer: it reads only the header fields of page 1.
 */
export type PrintCardFixture = { pdf: Uint8Array; header: HeaderFields; pages: number };

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

type Measured = { field: string; column: string | null; digit: string | null; x: number; y: number; w: number; h: number };

export async function renderPrintCard(pages: 1 | 2): Promise<PrintCardFixture> {
  const profile = mkdtempSync(join(tmpdir(), 'acs-print-card-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 794, height: 1123 },
  });
  try {
    const page = await browser.newPage();
    await page.emulateMedia({ media: 'print' });
    await page.setContent(printCardHtml(pages), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const measured: Measured[] = await page.evaluate(
      ({ pageAttr, fieldAttr, columnAttr, digitAttr }) => {
        const section = document.querySelector(`[${pageAttr}="1"]`);
        if (!section) throw new Error('no page 1');
        const origin = section.getBoundingClientRect();
        return [...section.querySelectorAll(`[${fieldAttr}]`)].map((element) => {
          const box = element.getBoundingClientRect();
          return {
            field: element.getAttribute(fieldAttr) ?? '',
            column: element.getAttribute(columnAttr),
            digit: element.getAttribute(digitAttr),
            x: box.left - origin.left, y: box.top - origin.top, w: box.width, h: box.height,
          };
        });
      },
      { pageAttr: PAGE_ATTR, fieldAttr: FIELD_ATTR, columnAttr: COLUMN_ATTR, digitAttr: DIGIT_ATTR },
    );
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    return { pdf: new Uint8Array(pdf), header: toHeader(measured), pages };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function toHeader(measured: Measured[]): HeaderFields {
  const header: Record<string, unknown> = { gradeBubbles: [], classBubbles: [], seatBubbles: [] };
  for (const { field, column, digit, ...box } of measured) {
    const rect = { x: box.x * PT_PER_CSS_PX, y: box.y * PT_PER_CSS_PX, w: box.w * PT_PER_CSS_PX, h: box.h * PT_PER_CSS_PX };
    if ((TEXT_FIELDS as readonly string[]).includes(field)) header[field] = rect;
    const list = DIGIT_FIELDS[field as keyof typeof DIGIT_FIELDS];
    if (list) (header[list] as unknown[]).push({ column: Number(column), digit: Number(digit), rect });
  }
  return ZHeaderFields.parse(header);
}
