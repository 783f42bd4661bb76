import { describe, expect, it } from 'vitest';
import { freshId } from './block-ids';
import { layerHints } from './layer-hints';
import { quickBuild } from './quick-build';
import { QUICK_PLAN_DEFAULTS, checkQuickPlan } from './quick-plan';
import { startingPage } from './starting-page';

describe('layer hints', () => {
  it('name the numbers a block holds and its column', () => {
    const taken = new Set<string>();
    const check = checkQuickPlan({ ...QUICK_PLAN_DEFAULTS, singleCount: '20' });
    if (!check.ok) throw new Error('plan');
    const { page } = quickBuild(startingPage(2), 2, 700, check.value, () => freshId(taken));
    const base = page.blocks[0] as { id: string; children: { id: string; left: { id: string }[]; right: { id: string }[] }[] };
    const hints = layerHints(page, 21);
    const columns = base.children[0];
    expect(hints.get(base.id)).toEqual({ range: [21, 40], column: null });
    expect(hints.get(columns.id)).toEqual({ range: [21, 40], column: null });
    expect(hints.get(columns.left[0].id)).toEqual({ range: [21, 21], column: 'left' });
    expect(hints.get(columns.right[9].id)).toEqual({ range: [40, 40], column: 'right' });
  });
});
