import { describe, expect, it } from 'vitest';
import { scanCorpus, type CorpusPage, type Habit, type ScanProfile } from '../../tests/support/scan-corpus/corpus';
import { degrade } from '../../tests/support/scan-corpus/degrade';
import { drawPencil, rngFrom, type PencilKind } from '../../tests/support/scan-corpus/pencil';
import { renderSheet } from '../../tests/support/scan-corpus/render-sheet';
import { scanCardMap } from '../../tests/support/scan-corpus/scan-card-map';
import { tally, verdict } from '../../tests/support/scan-corpus/score';
import { formatPageCode } from '../shared/geometry/page-code';
import type { PageReading } from './page-reading';
import { readPage } from './read-page';

// One test per way students mark (docs/scan-reading.md "Marks"): a student keeps one habit over
// the whole card; an office scan (±1.5°, noise, blur). Every intentional stroke is read as a mark
// or flagged with a proposal, never read as blank; a page marked throughout in one non-fill style
// says so (sheetStyle), so the review resolves it in one decision.

const map = scanCardMap();
const mapFor = async () => map;
const office: ScanProfile = {
  name: 'office', jpegQuality: null,
  degradation: (rng) => ({ marginMm: 2, rotationDeg: (rng() * 2 - 1) * 1.5, scale: 1 + (rng() * 2 - 1) * 0.02, offsetMm: { x: 1, y: -1 }, upsideDown: false, blur: true, noise: 8 }),
};

async function habitPages(habit: Habit, seed: number): Promise<{ page: CorpusPage; reading: PageReading }[]> {
  const out: { page: CorpusPage; reading: PageReading }[] = [];
  for await (const page of scanCorpus({ map, document: 41, students: 1, dpi: 200, profile: office, seed, habits: { [habit]: 1 } })) out.push({ page, reading: await readPage({ image: page.image, mapFor }) });
  return out;
}

function figures(sheets: { page: CorpusPage; reading: PageReading }[]) {
  return tally(sheets.flatMap(({ page, reading }) => page.expected.map((e) => [e, reading.questions.find((q) => q.q === e.q)] as const)));
}

describe('marking habits', { timeout: 60_000 }, () => {
  it.each(['fill', 'scribble', 'pen'] as const)('%s: every question right, nothing flagged, no sheet style', async (habit) => {
    const sheets = await habitPages(habit, 3);
    expect(figures(sheets)).toMatchObject({ wrong: 0 });
    expect(figures(sheets).right).toBeGreaterThanOrEqual(figures(sheets).questions - 2);
    for (const { reading } of sheets) expect(reading.sheetStyle ?? null).toBeNull();
  });

  it.each([['tick', 'tick'], ['cross', 'cross'], ['dot', 'dot']] as const)('%s: never read as blank; the page says it is marked with %ss; flags carry the ticked option as proposal', async (habit, style) => {
    const sheets = await habitPages(habit, 5);
    const t = figures(sheets);
    expect(t.wrong).toBe(0);
    // The habit alone in a clean question is the mark: most questions are read without a person.
    expect(t.right / t.questions).toBeGreaterThanOrEqual(0.85);
    for (const { page, reading } of sheets) {
      expect(reading.sheetStyle).toBe(style);
      for (const e of page.expected) {
        const q = reading.questions.find((x) => x.q === e.q)!;
        if (e.answer !== '') expect(q.status, `q${e.q}`).not.toBe('blank');
        if (q.status === 'ambiguous' && q.proposal) expect([e.answer, '']).toContain(q.proposal.length <= e.answer.length ? q.proposal : e.answer);
      }
    }
  });

  it('light pencil throughout: the page styled light, its light marks read as marks where nothing else is in the question; never blank, never wrong', async () => {
    const sheets = await habitPages('light', 7);
    const t = figures(sheets);
    expect(t.wrong).toBe(0);
    // Judged against the page's own habit: a light mark that stands clear of its blank neighbours is the answer.
    expect(t.right / t.questions).toBeGreaterThanOrEqual(0.85);
    for (const { page, reading } of sheets) {
      expect(reading.sheetStyle).toBe('light');
      for (const e of page.expected.filter((x) => x.answer !== '')) {
        const q = reading.questions.find((x) => x.q === e.q)!;
        expect(q.status, `q${e.q}`).not.toBe('blank');
        if (q.status === 'ambiguous' && q.proposal) expect(q.proposal).toBe(e.answer);
      }
    }
  });

  /** One page of the painted card with the given marks on question rows (`q` → option index → kind). */
  async function painted(marks: [number, number, PencilKind][], seed = 3): Promise<PageReading> {
    const rng = rngFrom(seed);
    const canvas = renderSheet(map, { page: 1, code: formatPageCode({ document: 41, layout: map.layout, page: 1, student: 5000 }) }, 200);
    // A fill on every other row, so the page is a fill page.
    for (const g of map.groups.filter((x) => x.page === 1 && !marks.some(([q]) => q === x.q))) drawPencil(canvas, map.bubbles.filter((b) => b.q === g.q)[g.q % 4].rect, 'fill', rng);
    for (const [q, option, kind] of marks) drawPencil(canvas, map.bubbles.filter((b) => b.q === q)[option].rect, kind, rng);
    const image = degrade(canvas.image, 200, { rotationDeg: 0.7, scale: 1, offsetMm: { x: 0, y: 0 }, upsideDown: false, blur: true, noise: 8 }, rng);
    return readPage({ image, mapFor });
  }

  it('a cross over a filled bubble cancels it: ambiguous, style cancelled, the remaining fill proposed; never read as the answer', async () => {
    let found = 0;
    for (const seed of [3, 4, 5, 6, 7, 8]) {
      const reading = await painted([[3, 1, 'cancel'], [3, 2, 'fill'], [5, 0, 'cancel'], [7, 2, 'cancel']], seed);
      const changed = reading.questions.find((q) => q.q === 3)!;
      // Missed (its arms too short to tell from a fill's overrun), it is still two marks on one row: a person looks.
      if (changed.status === 'multiple') expect(changed.answer).toBe('BC');
      else expect(changed).toMatchObject({ status: 'ambiguous', style: 'cancelled', proposal: 'C', answer: 'C' });
      for (const q of [5, 7]) {
        const alone = reading.questions.find((x) => x.q === q)!;
        expect(alone).toMatchObject({ status: 'ambiguous', style: 'cancelled', proposal: null, answer: '' });
      }
      found += reading.questions.filter((q) => q.style === 'cancelled').length;
    }
    expect(found).toBeGreaterThanOrEqual(16);
  });

  it('a tick, a dot or a cross on a page of fills is flagged with it as proposal, never blank; a stray line is never a mark', async () => {
    const reading = await painted([[2, 1, 'tick'], [4, 2, 'dot'], [6, 3, 'cross'], [8, 0, 'stray']]);
    expect(reading.sheetStyle ?? null).toBeNull();
    for (const [q, answer] of [[2, 'B'], [4, 'C'], [6, 'D']] as const) expect(reading.questions.find((x) => x.q === q)).toMatchObject({ status: 'ambiguous', answer: '', proposal: answer });
    const stray = reading.questions.find((x) => x.q === 8)!;
    expect(stray.answer).toBe('');
    expect(['blank', 'ambiguous']).toContain(stray.status);
    expect(verdict({ q: 8, answer: '', status: 'blank' }, stray)).not.toBe('wrong');
  });
});
