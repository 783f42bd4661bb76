import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateMessage } from '../shared/i18n/translate';
import { SCAN_MAX_PAGES } from '../shared/scan-limits';
import { checkScanFile } from './scan-check';
import { isHeic } from './scan-file';
import { pageCountRefusal, ScanFileProblem, scanFileRefusal, ZipTooLarge } from './scan-problem';

// The one classifier of a bad scan file, for the upload door and the job alike (issue 28).
describe('scanFileRefusal', () => {
  it('tells a file broken as a whole by its kind, a page or an entry by its own reason', () => {
    expect(scanFileRefusal(new ScanFileProblem('malformed', 'xref', { kind: 'pdf' }))).toEqual({ key: 'scan.malformed', params: { reason: 'file.broken.pdf' } });
    expect(scanFileRefusal(new ScanFileProblem('truncated', 'png', { kind: 'png', page: 1 }))).toEqual({ key: 'scan.refused.page', params: { page: 1, reason: 'scan.problem.truncated' } });
    expect(scanFileRefusal(new ScanFileProblem('notAScan', 'svg', { file: 'a.svg' }))).toEqual({ key: 'scan.refused.entry', params: { file: 'a.svg', reason: 'scan.problem.notAScan' } });
    expect(scanFileRefusal(new ScanFileProblem('tooManyPages', '5000 pages', { kind: 'pdf' }))).toEqual({ key: 'scan.tooManyPages', params: { max: SCAN_MAX_PAGES } });
  });

  it('refuses a file of no known kind and a ZIP bomb; anything else is a fault, not the file', () => {
    expect(scanFileRefusal(new ScanFileProblem('notAScan', 'not a PDF, image or ZIP'))).toEqual({ key: 'scan.badType', params: {} });
    expect(scanFileRefusal(new ZipTooLarge())).toEqual({ key: 'scan.zipBomb', params: {} });
    expect(scanFileRefusal(new Error('ECONNRESET'))).toBeUndefined();
  });
});

describe('pageCountRefusal', () => {
  it('refuses no page and more than a batch holds, with the limit as a parameter', () => {
    expect(pageCountRefusal(0)).toEqual({ key: 'scan.noPages', params: {} });
    expect(pageCountRefusal(SCAN_MAX_PAGES)).toBeUndefined();
    expect(pageCountRefusal(SCAN_MAX_PAGES + 1)).toEqual({ key: 'scan.tooManyPages', params: { max: SCAN_MAX_PAGES } });
  });
});

describe('HEIC photos (an iPhone default that sharp cannot decode)', () => {
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]);

  it('are told from their bytes and refused by name, alone or inside a ZIP', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'acs-heic-')), 'IMG_0001.HEIC');
    writeFileSync(path, heic);
    const refused = await checkScanFile(path).catch((error: unknown) => error);
    expect(scanFileRefusal(refused)).toEqual({ key: 'scan.problem.heic', params: {} });
    expect(translateMessage('tw', scanFileRefusal(refused)!)).toContain('HEIC');
    expect(scanFileRefusal(new ScanFileProblem('heic', 'HEIC photo').inEntry('IMG_0001.HEIC'))).toEqual({ key: 'scan.refused.entry', params: { file: 'IMG_0001.HEIC', reason: 'scan.problem.heic' } });
  });

  it('only the HEIF brands: another ISO file (an MP4) is no scan, not a HEIC', () => {
    expect(isHeic(heic)).toBe(true);
    expect(isHeic(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmif1')]))).toBe(true);
    expect(isHeic(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]))).toBe(false);
  });
});
