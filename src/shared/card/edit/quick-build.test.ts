import { describe, expect, it } from 'vitest';
import { ZPageComponents, type PageComponents } from '../page-blocks';
import { numberQuestions } from '../render/question-numbers';
import { freshId } from './block-ids';
import { choicesAcross, gridsAcross, OTHER_BASE_ROOM_PX, quickBuild } from './quick-build';
import { checkQuickPlan, QUICK_PLAN_DEFAULTS, type QuickPlan } from './quick-plan';
import { startingPage } from './starting-page';
import { scoreBoxMinHeight } from './score-box';

const FIRST_ROOM = 525;
const plan = (more: Partial<QuickPlan>): QuickPlan => ({
  single: { count: 0, options: 4 },
  multi: { count: 0, options: 5 },
  trueFalse: { count: 0 },
  numeric: { count: 0, minus: true },
  free: { count: 0, height: 80 },
  handwriting: { count: 0, chars: 20 },
  ...more,
});
const ids = () => {
  const taken = new Set<string>();
  return () => freshId(taken);
};
const baseRows = (page: PageComponents) => (page.blocks.at(-1) as { children: { kind: string; left?: unknown[]; right?: unknown[] }[] }).children;

describe('quick build', () => {
  it('40 single choice A–D on page 1: one two-column block, 20 + 20, numbered 1–40 down the left then the right', () => {
    const { page, more } = quickBuild(startingPage(1), 1, FIRST_ROOM, plan({ single: { count: 40, options: 4 } }), ids());
    expect(more).toEqual([]);
    expect(ZPageComponents.safeParse(page).success).toBe(true);
    const [columns] = baseRows(page);
    expect(columns).toMatchObject({ kind: 'twoColumn' });
    expect([columns.left!.length, columns.right!.length]).toEqual([20, 20]);
    const numbering = numberQuestions(page, 1);
    expect(numbering.questionTotal).toBe(40);
    const rightFirst = (columns.right![0] as { id: string }).id;
    expect(numbering.numbers.get(rightFirst)?.q).toBe(21);
  });

  it('a 60-question plan flows onto a second page within the guard, numbering continuous', () => {
    const built = quickBuild(startingPage(1), 1, FIRST_ROOM, plan({ single: { count: 50, options: 4 }, multi: { count: 5, options: 5 }, numeric: { count: 3, minus: true }, free: { count: 2, height: 120 } }), ids());
    expect(built.more).toHaveLength(1);
    const [first, second] = [built.page, built.more[0]];
    expect([first, second].every((p) => ZPageComponents.safeParse(p).success)).toBe(true);
    expect(numberQuestions(first, 1).questionTotal).toBe(50);
    expect(numberQuestions(second, 51).questionTotal).toBe(60);
    expect(second.blocks[0].kind).toBe('otherBase');
    expect(baseRows(second).map((r) => r.kind)).toEqual(['twoColumn', 'freeAnswer', 'freeAnswer']);
  });

  it('appends after what the page holds, in one column below eight questions, and leaves full-width rows that do not fit for the next page', () => {
    const start = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ single: { count: 3, options: 4 } }), ids()).page;
    const { page, more } = quickBuild(start, 2, 100, plan({ numeric: { count: 2, minus: false }, free: { count: 2, height: 80 } }), ids());
    expect(baseRows(page).map((r) => r.kind)).toEqual(['singleChoice', 'singleChoice', 'singleChoice', 'singleChoice', 'singleChoice']);
    expect(baseRows(more[0]).map((r) => r.kind)).toEqual(['freeAnswer', 'freeAnswer']);
  });

  it('never puts two two-column blocks side by side', () => {
    const first = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ single: { count: 10, options: 4 } }), ids()).page;
    const { page } = quickBuild(first, 2, 600, plan({ single: { count: 10, options: 4 } }), ids());
    expect(baseRows(page).map((r) => r.kind)).toEqual(['twoColumn', ...Array<string>(10).fill('singleChoice')]);
  });
  it('puts short handwriting grids side by side in equal splits (as many across as fit); long ones and a lone one stay full width', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(gridsAcross)).toEqual([8, 8, 6, 4, 3, 3, 0, 0]);
    const { page } = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ single: { count: 4, options: 4 }, handwriting: { count: 6, chars: 4 } }), ids());
    expect(ZPageComponents.safeParse(page).success).toBe(true);
    const rows = baseRows(page) as unknown as { kind: string; columns?: number; height?: number; cells?: { children: { kind: string; chars: number }[] }[] }[];
    expect(rows.map((r) => r.kind)).toEqual([...Array<string>(4).fill('singleChoice'), 'equalSplit', 'equalSplit']);
    const splits = rows.slice(4);
    expect(splits.map((s) => [s.columns, s.height])).toEqual([[4, 50], [4, 50]]);
    expect(splits.flatMap((s) => s.cells!.map((c) => c.children.length))).toEqual([1, 1, 1, 1, 1, 1, 0, 0]);
    expect(splits[0].cells![0].children[0]).toMatchObject({ kind: 'handwritingGrid', chars: 4 });
    const full = (p: { handwriting: { count: number; chars: number } }) => baseRows(quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan(p), ids()).page).map((r) => r.kind);
    expect(full({ handwriting: { count: 3, chars: 20 } })).toEqual(['handwritingGrid', 'handwritingGrid', 'handwritingGrid']);
    expect(full({ handwriting: { count: 1, chars: 4 } })).toEqual(['handwritingGrid']);
  });
});

describe('quick build: short choice rows side by side', () => {
  type Split = { kind: string; columns?: number; height?: number; border?: string; cells?: { children: { id: string; kind: string; options: { type: string } }[] }[] };
  it('counts as short only rows of three options or fewer, and fits as many across as the width allows', () => {
    expect([2, 3, 4, 5, 12].map(choicesAcross)).toEqual([8, 6, 0, 0, 0]);
  });

  it('puts 20 是非 in an equal split of four cells of five, lines between cells only, numbered down each cell', () => {
    const { page } = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ trueFalse: { count: 20 } }), ids());
    expect(ZPageComponents.safeParse(page).success).toBe(true);
    const [split] = baseRows(page) as unknown as Split[];
    expect(split).toMatchObject({ kind: 'equalSplit', columns: 4, height: 5 * 21, border: 'middle' });
    expect(split.cells!.map((c) => c.children.length)).toEqual([5, 5, 5, 5]);
    expect(split.cells![0].children[0].options).toEqual({ type: 'truefalse', count: 2 });
    const { numbers, questionTotal } = numberQuestions(page, 1);
    expect(questionTotal).toBe(20);
    expect(split.cells!.map((c) => numbers.get(c.children[0].id)?.q)).toEqual([1, 6, 11, 16]);
  });

  it('keeps the plan order: A–D in two columns, then 是非 in a split, then numeric rows; balanced cells', () => {
    const { page } = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ single: { count: 20, options: 4 }, trueFalse: { count: 7 }, numeric: { count: 3, minus: true } }), ids());
    const rows = baseRows(page) as unknown as Split[];
    expect(rows.map((r) => r.kind)).toEqual(['twoColumn', 'equalSplit', 'singleChoice', 'singleChoice', 'singleChoice']);
    expect(rows[1].cells!.map((c) => c.children.length)).toEqual([3, 2, 2]);
    expect(numberQuestions(page, 1).questionTotal).toBe(30);
    // Fewer than three short rows stay one a row.
    expect(baseRows(quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ trueFalse: { count: 2 } }), ids()).page).map((r) => r.kind)).toEqual(['singleChoice', 'singleChoice']);
  });

  it('continues a split that does not fit onto the next page, numbering on', () => {
    const built = quickBuild(startingPage(1), 1, FIRST_ROOM, plan({ trueFalse: { count: 300 } }), ids());
    const first = baseRows(built.page) as unknown as Split[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ columns: 8, height: 25 * 21 });
    expect(built.more).toHaveLength(1);
    expect(numberQuestions(built.page, 1).questionTotal).toBe(200);
    expect(numberQuestions(built.more[0], 201).questionTotal).toBe(300);
  });
});

describe('the quick build plan check', () => {
  it('asks for something to build, refuses limits with the spec messages, reads empty counts as none', () => {
    expect(checkQuickPlan(QUICK_PLAN_DEFAULTS)).toEqual({ ok: false, message: 'card.block.incomplete' });
    expect(checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, singleCount: '40', singleOptions: '13' })).toEqual({ ok: false, message: 'card.block.overLimit' });
    expect(checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, singleCount: '40', singleOptions: '' })).toEqual({ ok: false, message: 'card.block.incomplete' });
    expect(checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, freeCount: '2.5' })).toEqual({ ok: false, message: 'card.block.incomplete' });
    const ok = checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, singleCount: '40', numericCount: '5' });
    expect(ok).toMatchObject({ ok: true, value: { single: { count: 40, options: 4 }, multi: { count: 0 }, trueFalse: { count: 0 }, numeric: { count: 5, minus: true } } });
    expect(checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, trueFalseCount: '10' })).toMatchObject({ ok: true, value: { trueFalse: { count: 10 } } });
  });
});

describe('quick build with score fields (閱卷給分格)', () => {
  it('gives every free answer of the plan the field, grown to hold it', () => {
    const box = { max: 15, half: true };
    const { page } = quickBuild(startingPage(2), 2, OTHER_BASE_ROOM_PX, plan({ single: { count: 3, options: 4 }, free: { count: 2, height: 20, scoreBox: box } }), ids());
    const free = baseRows(page).filter((r) => r.kind === 'freeAnswer') as unknown as { height: number; scoreBox: unknown }[];
    expect(free).toHaveLength(2);
    expect(free.every((f) => f.height === scoreBoxMinHeight(box) && JSON.stringify(f.scoreBox) === JSON.stringify(box))).toBe(true);
    expect(ZPageComponents.safeParse(page).success).toBe(true);
  });

  it('takes the field from the plan’s maximum; empty means none; a bad maximum says why', () => {
    const base = { ...QUICK_PLAN_DEFAULTS, freeCount: '2' };
    expect(checkQuickPlan(base)).toMatchObject({ ok: true, value: { free: { count: 2, height: 80 } } });
    expect((checkQuickPlan(base) as { value: QuickPlan }).value.free.scoreBox).toBeUndefined();
    expect(checkQuickPlan({ ...base, freeScoreMax: '12', freeScoreHalf: true })).toMatchObject({ ok: true, value: { free: { scoreBox: { max: 12, half: true } } } });
    expect(checkQuickPlan({ ...base, freeScoreMax: '120' })).toEqual({ ok: false, message: 'card.block.overLimit' });
    expect(checkQuickPlan({ ...base, freeScoreMax: '7.5' })).toEqual({ ok: false, message: 'card.block.scoreBoxHalf' });
    // Without free answers in the plan, the field's maximum is not looked at.
    expect(checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, singleCount: '5', freeScoreMax: 'x' })).toMatchObject({ ok: true });
  });
});
