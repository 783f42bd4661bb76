import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPdfOnePage } from '../../src/scan/pdf-pages';

/**
 * poppler's tools with fontconfig emptied: no installed font can stand in for one a PDF fails to
 * embed properly, so a name that extracts and draws here is carried by the PDF itself.
 */
const dir = mkdtempSync(join(tmpdir(), 'acs-poppler-'));
const emptyFontconfig = join(dir, 'fonts.conf');
writeFileSync(emptyFontconfig, '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n');
const env = { ...process.env, FONTCONFIG_FILE: emptyFontconfig, FONTCONFIG_PATH: dir };

let files = 0;
function toFile(pdf: Uint8Array): string {
  files += 1;
  const path = join(dir, `doc-${files}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

/** stdout and stderr: poppler reports a broken font on stderr and carries on. */
function run(tool: string, args: string[]): { stdout: string; stderr: string } {
  const stderrFile = join(dir, 'stderr.txt');
  const stdout = execFileSync('bash', ['-c', `"$0" "$@" 2>"${stderrFile}"`, tool, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { stdout, stderr: readFileSync(stderrFile, 'utf8') };
}

export function pdfText(pdf: Uint8Array, page: number): { stdout: string; stderr: string } {
  return run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', toFile(pdf), '-']);
}

/** The text inside one rectangle of a page, in PDF points from the top-left (a header cell). */
export function pdfTextIn(pdf: Uint8Array, page: number, rect: { x: number; y: number; w: number; h: number }): string {
  const box = [rect.x, rect.y, rect.w, rect.h].map((v) => String(Math.round(v)));
  const args = ['-f', String(page), '-l', String(page), '-r', '72', '-x', box[0], '-y', box[1], '-W', box[2], '-H', box[3]];
  return run('pdftotext', [...args, toFile(pdf), '-']).stdout.trim();
}

export function pdfFonts(pdf: Uint8Array): { stdout: string; stderr: string } {
  return run('pdffonts', [toFile(pdf)]);
}

export type GrayRaster = { width: number; height: number; dpi: number; at(x: number, y: number): number; stderr: string };

/** One page as 8-bit gray (0 black … 255 white), through the one rasteriser of prints (src/scan/pdf-pages.ts `renderPdf`), fonts emptied as above. */
export async function rasterPage(pdf: Uint8Array, page: number, dpi: number): Promise<GrayRaster> {
  const { image, stderr } = await renderPdfOnePage(pdf, page, { dpi, env });
  const { width, height, data } = image;
  return { width, height, dpi, stderr, at: (x, y) => data[y * width + x] };
}

/** A whole document through pdftotext, or pdffonts / pdfinfo, as one string. */
export async function poppler(tool: 'pdftotext' | 'pdffonts' | 'pdfinfo', pdf: Uint8Array): Promise<string> {
  const file = toFile(pdf);
  return run(tool, tool === 'pdftotext' ? [file, '-'] : [file]).stdout;
}
