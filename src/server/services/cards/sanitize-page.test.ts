import { describe, expect, it } from 'vitest';
import { sanitizeCss, sanitizePageHtml } from './sanitize-page';

describe('stored page html and css', () => {
  it('keeps the card markup and local images', () => {
    const html = '<table class="q"><tr><td colspan="2" data-q="1" style="height:30px">1</td></tr></table><img src="data:image/png;base64,iVBORw0KGgo=" alt="x"><img src="/assets/cards/3/a.png">';
    const out = sanitizePageHtml(html);
    expect(out).toContain('colspan="2"');
    expect(out).toContain('data-q="1"');
    expect(out).toContain('style="height:30px"');
    expect(out).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('src="/assets/cards/3/a.png"');
  });

  it.each([
    ['<p>a</p><script>fetch("/x")</script>', 'script'],
    ['<img src="x" onerror="alert(1)">', 'onerror'],
    ['<div onclick="steal()">a</div>', 'onclick'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<img src="file:///etc/passwd">', 'file:'],
    ['<img src="http://169.254.169.254/latest/meta-data">', '169.254'],
    ['<img src="//evil.example/a.png">', 'evil'],
    ['<iframe src="https://evil.example"></iframe>', 'iframe'],
    ['<div style="background:url(http://169.254.169.254/x)">a</div>', '169.254'],
    ['<div style="background-image:url(\'https://evil.example/a.png\')">a</div>', 'evil'],
    ['<svg><script>alert(1)</script></svg>', 'alert'],
    ['<style>@import url(https://evil.example/a.css)</style>', 'evil'],
    ['<object data="https://evil.example/x.swf"></object>', 'evil'],
    ['<img src="/assets/cards/../../etc/passwd">', 'passwd'],
  ])('removes %s', (input, marker) => {
    expect(sanitizePageHtml(input)).not.toContain(marker);
  });

  it('strips remote urls, imports and expressions from css but keeps the rest', () => {
    const css = '@import url("https://evil.example/x.css"); .a{color:red;background:url(http://169.254.169.254/x)} .b{width:expression(alert(1))} .c{background:url(data:image/png;base64,AAAA)} </style><script>';
    const out = sanitizeCss(css);
    expect(out).not.toMatch(/evil|169\.254|expression|@import|<|>/);
    expect(out).toContain('color:red');
    expect(out).toContain('url(data:image/png;base64,AAAA)');
  });
});
