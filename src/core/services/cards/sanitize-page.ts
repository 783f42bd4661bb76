import sanitizeHtml from 'sanitize-html';
import { isLocalImageSrc } from '../../../shared/card/page-document';

// Stored html and css are what the PDF renderer loads, so nothing may run or reach out: no script,
// no event handler, no frame, and no URL other than inline data or the project's own asset store.

const URL_IN_CSS = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
// image-set() and src() take bare strings as URLs too: kept only when every string in them is local.
const STRING_URL_FUNCTION = /(?:-webkit-)?(?:image-set|\bsrc)\s*\((?:[^()]|\([^()]*\))*\)/gi;
const STRING_IN_CSS = /(['"])(.*?)\1/g;

/** Drops every url(...) that is not local, and the at-rules and expressions that fetch or run. */
export function sanitizeCss(css: string): string {
  return css
    .replace(/[<>]/g, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/expression\s*\(/gi, '(')
    .replace(/(behavior|-moz-binding)\s*:[^;}]*/gi, '')
    .replace(STRING_URL_FUNCTION, (whole) => ([...whole.matchAll(STRING_IN_CSS)].every(([, , target]) => isLocalImageSrc(target.trim())) ? whole : 'none'))
    .replace(URL_IN_CSS, (whole, _quote: string, target: string) => (isLocalImageSrc(target.trim()) ? whole : 'none'));
}

const TAGS = [
  'div', 'span', 'p', 'br', 'b', 'i', 'u', 'strong', 'em', 'small', 'sub', 'sup', 'hr',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'section', 'header', 'footer',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'colgroup', 'col', 'img', 'label',
];

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: {
      '*': ['class', 'id', 'style', 'title', 'data-*', 'align', 'valign', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      img: ['src', 'alt'],
    },
    allowedSchemes: ['data'],
    allowedSchemesAppliedToAttributes: ['src', 'href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'embed'],
    transformTags: {
      '*': (tagName, attribs) => {
        const { style, src, ...rest } = attribs;
        const kept: Record<string, string> = { ...rest };
        if (style !== undefined) kept.style = sanitizeCss(style);
        if (src !== undefined && isLocalImageSrc(src)) kept.src = src;
        return { tagName, attribs: kept };
      },
    },
  });
}
