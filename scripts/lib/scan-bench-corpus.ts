import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PROFILES, scanCorpus } from '../../tests/support/scan-corpus/corpus';
import { toJpeg, toScanPdf } from '../../tests/support/scan-corpus/encode';
import { realClassPrint, type RealPrint } from '../../tests/support/scan-corpus/real-print';

// The scan benchmarks' stack (bench:scan-job, bench:scan-fair): a scanner's PDF of a real class
// print (office profile, grey JPEG pages, 10 % blank backs), made once per size and kept in the
// temp folder (it takes longer than the benches), with the student each page belongs to.

export const BENCH_DPI = 200;
export type BenchCorpus = { pdf: string; print: Pick<RealPrint, 'map' | 'document' | 'students'>; pageStudents: (number | null)[] };

export async function benchCorpus(students: number): Promise<BenchCorpus> {
  const base = join(tmpdir(), `acs-bench-scan-corpus-${students}-${BENCH_DPI}`);
  if (existsSync(`${base}.pdf`) && existsSync(`${base}.json`)) return { pdf: `${base}.pdf`, ...(JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Omit<BenchCorpus, 'pdf'>) };
  const print = await realClassPrint(students);
  const jpegs: Uint8Array[] = [];
  const pageStudents: (number | null)[] = [];
  for await (const page of scanCorpus({ map: print.map, print, document: print.document, students, dpi: BENCH_DPI, profile: PROFILES.office, seed: 12, blankBacks: 0.1 })) {
    jpegs.push(await toJpeg(page.image, page.jpegQuality ?? 90));
    pageStudents.push(page.code && 'student' in page.code ? (page.code.student ?? null) : null);
  }
  writeFileSync(`${base}.pdf`, await toScanPdf(jpegs, BENCH_DPI));
  writeFileSync(`${base}.json`, JSON.stringify({ print: { map: print.map, document: print.document, students: print.students }, pageStudents }));
  return benchCorpus(students);
}

/** A PDF of the given pages (1-based, repeats allowed) of `source`, its page images copied as they are. */
export async function pagesPdf(source: Uint8Array, pages: readonly number[]): Promise<Uint8Array> {
  const from = await PDFDocument.load(source);
  const out = await PDFDocument.create();
  const copied = await out.copyPages(from, pages.map((p) => p - 1));
  for (const page of copied) out.addPage(page);
  return out.save();
}
