import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/scan/image-input';
import { readPage } from '../../src/scan/read-page';
import { PROFILES, scanCorpus } from '../support/scan-corpus/corpus';
import { toJpeg } from '../support/scan-corpus/encode';
import { realClassPrintOf, type RealPrint } from '../support/scan-corpus/real-print';
import { scoreVerdict } from '../support/scan-corpus/teacher-marks';
import { scoreBoxPages } from '../support/score-box-card';

// Issue 25's score-field figure (docs/grading.md "Score fields: the corpus figure"): a real class
// print of the score-field card (every layout: 0…5, 0…10 + .5, digits to 15, to 20.5, to 99.5 and a
// 自 part to 8), the students' choice answers in pencil, each score field filled by the grading
// teacher (tests/support/scan-corpus/teacher-marks.ts: pencil and pen fills, hurried partial
// fills, hatching, halves, tens left blank under 10; some fields blank, incomplete, doubled, over
// the maximum or with a faint stray mark), scanned as the office stack (±1.5°, ±2 %, noise, JPEG
// 80, 5 % upside down) at 200 dpi and read by the real reader. Target: ≥ 99.5 % of the questions'
// fields right (points, blank, or review where review is due) and none silently wrong.

const STUDENTS = 48;
let print: RealPrint;
beforeAll(async () => {
  print = await realClassPrintOf(scoreBoxPages(), STUDENTS, 7311);
}, 180_000);

describe('score fields on the office stack', () => {
  it('≥ 99.5 % right, 0 silently wrong; an unsure field goes to review', async () => {
    const mapFor = async () => print.map;
    const f = { questions: 0, right: 0, flagged: 0, wrong: 0, review: 0, pages: 0, aside: 0 };
    const wrong: string[] = [];
    for await (const page of scanCorpus({ map: print.map, print, document: print.document, students: STUDENTS, dpi: 200, profile: PROFILES.office, seed: 2501, scoreFields: {} })) {
      if (!page.code) continue;
      f.pages++;
      const image = page.jpegQuality ? await decodeImage(await toJpeg(page.image, page.jpegQuality)) : page.image;
      const reading = await readPage({ image, mapFor });
      if (reading.status !== 'read') {
        // Set aside as a page (a person looks at it): nothing read, nothing wrong.
        f.aside++;
        f.questions += page.scores.length;
        f.flagged += page.scores.length;
        continue;
      }
      for (const e of page.scores) {
        f.questions++;
        const read = reading.scores?.find((s) => s.q === e.q);
        const v = scoreVerdict(e, read);
        f[v]++;
        if (e.status === 'review') f.review++;
        if (v === 'wrong') wrong.push(`page ${page.code.page} of student ${page.code.student}: q${e.q} expected ${JSON.stringify(e)} read ${JSON.stringify(read)}`);
      }
    }
    const pct = (n: number) => ((100 * n) / f.questions).toFixed(2);
    console.log(`[score-field corpus] office, 200 dpi: ${f.pages} pages (${f.aside} set aside), ${f.questions} questions' score fields (${f.review} meant for review) — right ${pct(f.right)} %, flagged ${f.flagged}, silently wrong ${f.wrong}`);
    for (const w of wrong) console.log(`  wrong: ${w}`);
    expect(f.wrong).toBe(0);
    expect(f.right / f.questions).toBeGreaterThanOrEqual(0.995);
  }, 900_000);
});
