import { describe, expect, it } from 'vitest';
import { sanitizeCss, sanitizePageHtml } from '../../../core/services/cards/sanitize-page';
import { everyKindPage, firstPage, PNG_ASSET } from '../../../../tests/support/card-pages';
import { startTags } from '../../../../tests/support/markup-tags';
import { renderPageHtml } from './render-card-html';

// The editor saves the rendered html and css, and the page store sanitises both before keeping
// them. Anything the sanitiser dropped (a data attribute, a style, an image) would change the
// stored page's layout or its marks, so the renderer's output must pass through untouched.
describe('a rendered page in the page store', () => {
  for (const [name, components, page] of [['page 1', firstPage(), 1], ['every block kind', everyKindPage(), 2]] as const) {
    it(`keeps every tag and attribute of ${name}`, () => {
      const { html, css } = renderPageHtml({ components, assets: [PNG_ASSET], page, startNumber: 1, schoolName: '示範高中' });
      expect(startTags(sanitizePageHtml(html))).toEqual(startTags(html));
      expect(sanitizeCss(css)).toBe(css);
    });
  }
});
