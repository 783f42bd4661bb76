import { describe, expect, it } from 'vitest';
import { ZFreeAnswerBlock } from '../row-blocks';
import { applyScoreBox, checkScoreBox, scoreBoxForm, scoreBoxMinHeight } from './score-box';

const free = ZFreeAnswerBlock.parse({ id: 'f', kind: 'freeAnswer', height: 30 });

describe('the score-field dialog and transform', () => {
  it('starts from the field the block has, or a fresh 10-point field', () => {
    expect(scoreBoxForm({ max: 20.5, half: true }, 10)).toEqual({ enabled: true, max: '20.5', half: true });
    expect(scoreBoxForm(undefined, 10)).toEqual({ enabled: true, max: '10', half: false });
  });

  it('checks the maximum with the block schema’s messages; unticked means no field', () => {
    expect(checkScoreBox({ enabled: true, max: '8', half: false })).toEqual({ ok: true, value: { max: 8, half: false } });
    expect(checkScoreBox({ enabled: true, max: '', half: false })).toEqual({ ok: false, message: 'card.block.incomplete' });
    expect(checkScoreBox({ enabled: true, max: '100', half: false })).toEqual({ ok: false, message: 'card.block.overLimit' });
    expect(checkScoreBox({ enabled: true, max: '9.5', half: false })).toEqual({ ok: false, message: 'card.block.scoreBoxHalf' });
    expect(checkScoreBox({ enabled: false, max: 'junk', half: true })).toEqual({ ok: true, value: null });
  });

  it('grows a block too low for its field, keeps a higher one, and removes the field', () => {
    const digits = { max: 15, half: false };
    expect(scoreBoxMinHeight(digits)).toBeGreaterThan(scoreBoxMinHeight({ max: 5, half: true }));
    const withField = applyScoreBox(free, digits);
    expect(withField).toMatchObject({ scoreBox: digits, height: scoreBoxMinHeight(digits) });
    expect(applyScoreBox({ ...free, height: 200 }, digits)).toMatchObject({ height: 200 });
    const removed = applyScoreBox(withField, null);
    expect('scoreBox' in removed).toBe(false);
    expect(ZFreeAnswerBlock.safeParse(removed).success).toBe(true);
  });
});
