import type { PDFFont } from 'pdf-lib';

const CJK = '\\u2E80-\\u9FFF\\uF900-\\uFAFF\\uFF00-\\uFFEF\\u3000-\\u303F';
const CLOSING = '）」』】〉》。，、；：！？．,.;:!?)\\]';
const TOKENS = new RegExp(`[${CJK}][${CLOSING}]*|[^\\s${CJK}]+|\\s+`, 'g');

/**
 * Text broken into lines no wider than `width` at `size`: at spaces between Latin words, anywhere
 * between CJK characters (Chinese has no spaces to break at); at most `maxLines`, the last ending
 * in … when the text is longer. Explicit line breaks are kept.
 */
export function wrapText(font: PDFFont, text: string, size: number, width: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    // Tokens: a run of non-space Latin characters stays whole when it can; a CJK character is a
    // token with the closing punctuation after it, which never starts a line (）。，、 …).
    for (const token of paragraph.match(TOKENS) ?? []) {
      if (fits(line + token)) {
        line += token;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = token.trimStart();
      // A single token wider than the line is cut by characters.
      while (!fits(line) && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last.length > 0 && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last}…`;
  return kept;
}
