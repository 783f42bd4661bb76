// One timed process of `npm run bench:print` (scripts/bench-print.ts spawns it): composes a
// grade class by class into files, as a print job does, and reports its own figures as JSON.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { composeClassPdf, loadCard } from '../src/worker/print/compose-class-pdf';
import { classRoster } from '../tests/support/print-students';

type RunArgs = { cardPdf: string; headerJson: string; students: number; classSize: number; mode: 'personalised' | 'plain'; outDir: string };

const args = JSON.parse(process.argv[2] ?? '{}') as RunArgs;

/** The floor a personalised print is compared with: the same copies, nothing drawn on them. */
async function plainCopy(card: PDFDocument, copies: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const pages = card.getPageIndices();
  for (const page of await doc.copyPages(card, Array.from({ length: copies }, () => pages).flat())) doc.addPage(page);
  return doc.save();
}

const started = performance.now();
const card = await loadCard(readFileSync(args.cardPdf));
const header = JSON.parse(readFileSync(args.headerJson, 'utf8'));
mkdirSync(args.outDir, { recursive: true });
let bytes = 0;
let pages = 0;
for (let classNo = 1, done = 0; done < args.students; classNo += 1) {
  const students = classRoster(2, classNo, Math.min(args.classSize, args.students - done));
  const pdf = args.mode === 'plain'
    ? await plainCopy(card, students.length)
    : await composeClassPdf({ card, header, cardId: 'C42', students });
  writeFileSync(join(args.outDir, `class-${classNo}.pdf`), pdf);
  bytes += pdf.length;
  pages += students.length * card.getPageCount();
  done += students.length;
}
const composeMs = performance.now() - started;
// maxRSS is the whole process's high-water mark, in KiB.
console.log(JSON.stringify({ composeMs, bytes, pages, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
