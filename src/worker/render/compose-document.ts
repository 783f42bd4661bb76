import { PAGE_ATTR } from '../../shared/geometry/markup-attributes';

/** One page as the shared card renderer produces it: static markup and its stylesheet. */
export interface RenderPage {
  html: string;
  css: string;
}

// Each page is exactly one A4 sheet: fixed size so the layout inside does not depend on the
// viewport, overflow clipped so a too-long page can never spill onto the next printed sheet.
const FRAME_CSS = `
@page { size: A4; margin: 0; }
html, body { margin: 0; padding: 0; }
body { font-family: 'Noto Sans CJK TC', 'Noto Sans CJK', sans-serif; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
section[${PAGE_ATTR}] { display: block; position: relative; box-sizing: border-box; width: 210mm; height: 297mm; overflow: hidden; break-after: page; page-break-after: always; }
section[${PAGE_ATTR}]:last-of-type { break-after: auto; page-break-after: auto; }
`;

/**
 * All pages of a card in one document, so Chromium lays out and prints them in one go. The card
 * stylesheets are document-wide (the shared renderer emits one stylesheet per card, repeated on
 * each page), so identical ones are included once and come after the frame, able to style the page.
 */
export function composeDocument(pages: readonly RenderPage[]): string {
  if (pages.length === 0) throw new Error('a card render needs at least one page');
  const styles = [...new Set(pages.map((page) => page.css).filter((css) => css.trim() !== ''))];
  const sections = pages.map((page, i) => `<section ${PAGE_ATTR}="${i + 1}">${page.html}</section>`);
  return [
    '<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8">',
    `<style>${FRAME_CSS}</style>`,
    ...styles.map((css) => `<style>${css}</style>`),
    '</head><body>',
    ...sections,
    '</body></html>',
  ].join('\n');
}
