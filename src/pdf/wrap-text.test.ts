import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedCjkFont } from './cjk-font';
import { wrapText } from './wrap-text';

const font = await embedCjkFont(await PDFDocument.create());

describe('wrapText', () => {
  it('breaks Chinese between characters, never before closing punctuation, within the width', () => {
    const width = font.widthOfTextAtSize('單位換算要再注意答案請寫', 8);
    const lines = wrapText(font, '單位換算要再注意，答案請寫上單位（公分）。', 8, width);
    expect(lines.join('')).toBe('單位換算要再注意，答案請寫上單位（公分）。');
    for (const line of lines) expect(font.widthOfTextAtSize(line, 8)).toBeLessThanOrEqual(width + 0.01);
    for (const line of lines.slice(1)) expect('）。，、').not.toContain(line[0]);
  });

  it('keeps Latin words whole, keeps line breaks, and ends a cut text with …', async () => {
    const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(wrapText(helvetica, 'units missing in the answer', 10, helvetica.widthOfTextAtSize('units missing in', 10))).toEqual(['units missing in', 'the answer']);
    expect(wrapText(font, '+2 列式\n字跡工整', 8, 200)).toEqual(['+2 列式', '字跡工整']);
    const cut = wrapText(font, '甲乙丙丁戊己庚辛壬癸'.repeat(5), 8, font.widthOfTextAtSize('甲乙丙丁戊', 8), 2);
    expect(cut).toHaveLength(2);
    expect(cut[1].endsWith('…')).toBe(true);
  });
});
