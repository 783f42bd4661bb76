import { describe, expect, it } from 'vitest';
import { tw } from '../i18n/tw';
import {
  checkAlign,
  checkBorder,
  checkCharCount,
  checkChoice,
  checkFieldHeight,
  checkImageHeight,
  checkNumbering,
  choiceForm,
  switchChoiceType,
  type ChoiceForm,
  type DialogCheck,
} from './dialog-input';

const shown = (c: DialogCheck<unknown>) => (c.ok ? 'ok' : tw[c.message]);
const form = (over: Partial<ChoiceForm>): ChoiceForm => ({ ...choiceForm(undefined), ...over });

describe('choice and sub-question dialog (page-editor.md §4, §5)', () => {
  it('refuses a missing type, a fill-in without ticks and empty counts as 輸入不全', () => {
    expect(shown(checkChoice(form({ count: '4' }), false))).toBe('輸入不全');
    expect(shown(checkChoice(form({ type: 'chooseNumber' }), false))).toBe('輸入不全');
    expect(shown(checkChoice(form({ type: 'number' }), false))).toBe('輸入不全');
    expect(shown(checkChoice(form({ type: 'en', count: '4' }), true))).toBe('輸入不全');
    expect(shown(checkChoice(form({ type: 'en', count: '0', questions: '3' }), true))).toBe('輸入不全');
    expect(shown(checkChoice(form({ type: 'en', count: 'abc', questions: '3' }), true))).toBe('輸入不全');
  });

  it('refuses more than 12 options as 設定值超過上限, but an empty field first as 輸入不全', () => {
    expect(shown(checkChoice(form({ type: 'number', count: '13' }), false))).toBe('設定值超過上限');
    expect(shown(checkChoice(form({ type: 'number', count: '13', questions: '' }), true))).toBe('輸入不全');
    expect(checkChoice(form({ type: 'number', count: '12' }), false)).toEqual({ ok: true, value: { options: { type: 'number', count: 12 } } });
  });

  it('fixes true/false at two options and clears the count when switching to another type', () => {
    const tf = switchChoiceType(form({ count: '7' }), 'truefalse');
    expect(tf.count).toBe('2');
    expect(checkChoice({ ...tf, questions: '5' }, true)).toEqual({ ok: true, value: { options: { type: 'truefalse', count: 2 }, count: 5 } });
    expect(switchChoiceType(tf, 'en').count).toBe('');
    expect(switchChoiceType(tf, 'chooseNumber')).toMatchObject({ digit: true, minus: false, plusMinus: false });
    expect(switchChoiceType({ ...tf, minus: true }, 'chooseNumber')).toMatchObject({ digit: false, minus: true });
  });

  it('accepts a fill-in with any tick and keeps the question count unenforced up to the hard cap', () => {
    expect(checkChoice(form({ type: 'chooseNumber', minus: true, questions: '40' }), true)).toEqual({
      ok: true,
      value: { options: { type: 'chooseNumber', digit: false, minus: true, plusMinus: false }, count: 40 },
    });
    expect(shown(checkChoice(form({ type: 'chooseNumber', digit: true, questions: '81' }), true))).toBe('設定值超過上限');
  });

  it('preselects what the block holds', () => {
    expect(choiceForm({ type: 'en', count: 4 }, 6)).toMatchObject({ type: 'en', count: '4', questions: '6' });
    expect(choiceForm({ type: 'chooseNumber', digit: true, minus: false, plusMinus: true })).toMatchObject({ type: 'chooseNumber', count: '', digit: true, plusMinus: true });
  });
});

describe('character count, heights, borders, anchors, numbering', () => {
  it('takes 1 to 200 characters', () => {
    expect(shown(checkCharCount(''))).toBe('輸入不全');
    expect(shown(checkCharCount('0'))).toBe('輸入不全');
    expect(shown(checkCharCount('201'))).toBe('設定值超過上限');
    expect(checkCharCount('200')).toEqual({ ok: true, value: 200 });
  });

  it('checks an image height against its cell and closes the dialog when it is taller', () => {
    expect(shown(checkImageHeight(' ', 300))).toBe('尚未填入數值');
    expect(checkImageHeight('301', 300)).toEqual({ ok: false, message: 'editor.dialog.imageTooTall', close: true });
    expect(tw['editor.dialog.imageTooTall']).toBe('圖片高度超過欄高,因此無法更新');
    expect(shown(checkImageHeight('39', 300))).toBe('圖片高度最小為40px');
    expect(checkImageHeight('120.5', 300)).toEqual({ ok: true, value: 120.5 });
  });

  it('keeps a field height within its parent field', () => {
    expect(shown(checkFieldHeight('', 80))).toBe('輸入不全');
    expect(shown(checkFieldHeight('0.5', 80))).toBe('輸入不全');
    expect(checkFieldHeight('80.2', 80)).toEqual({ ok: false, message: 'card.block.badHeight' });
    expect(tw['card.block.badHeight']).toBe('高度請勿超過欄高');
    expect(checkFieldHeight('42.4', 80)).toEqual({ ok: true, value: 42.4 });
  });

  it('requires a border, anchor and numbering choice', () => {
    expect(shown(checkBorder('row', undefined))).toBe('輸入不全');
    expect(shown(checkBorder('split', 'on'))).toBe('輸入不全');
    expect(checkBorder('row', 'off')).toEqual({ ok: true, value: { kind: 'row', bottom: false } });
    expect(checkBorder('split', 'middle')).toEqual({ ok: true, value: { kind: 'split', border: 'middle' } });
    expect(shown(checkAlign('top', undefined))).toBe('輸入不全');
    expect(checkAlign('bottom', 'center')).toEqual({ ok: true, value: { vertical: 'bottom', horizontal: 'center' } });
    expect(shown(checkNumbering(undefined))).toBe('輸入不全');
    expect(checkNumbering('sub')).toEqual({ ok: true, value: 'sub' });
  });
});
