import { describe, expect, it } from 'vitest';
import { composeDocument } from './compose-document';

describe('composeDocument', () => {
  it('puts each page in its own numbered A4 section, one document for all', () => {
    const html = composeDocument([
      { html: '<p>一</p>', css: '.a{color:red}' },
      { html: '<p>二</p>', css: '.a{color:red}' },
    ]);
    expect(html).toContain('<section data-card-page="1"><p>一</p></section>');
    expect(html).toContain('<section data-card-page="2"><p>二</p></section>');
    expect(html).toContain('@page { size: A4; margin: 0; }');
    expect(html.match(/\.a\{color:red\}/g)).toHaveLength(1); // the shared stylesheet once
  });

  it('keeps distinct stylesheets in page order', () => {
    const html = composeDocument([{ html: '', css: '.x{}' }, { html: '', css: '.y{}' }]);
    expect(html.indexOf('.x{}')).toBeLessThan(html.indexOf('.y{}'));
  });

  it('refuses a card without pages', () => {
    expect(() => composeDocument([])).toThrow('at least one page');
  });
});
