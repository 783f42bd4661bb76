import { z } from 'zod';
import { isMessageKey } from '../i18n/translate';
import type { MessageKey } from '../i18n/tw';
import { ZAlign, ZChoiceOptions, ZNumbering, ZSplitBorder, type ChoiceOptions } from './block-parts';
import { CHOICE_OPTIONS, HEIGHT_MIN_PX, QUESTION_COUNT_MAX } from './constants';
import { ZHandwritingGridBlock, ZImageBlock } from './leaf-blocks';

// What the page editor's dialogs accept (page-editor.md §4, §5): their text fields in, a checked
// value or the alert to show out. The block schemas hold the limits and messages; this only adds
// the dialogs' own order of checks and the messages only a dialog gives.

export type DialogCheck<T> = { ok: true; value: T } | { ok: false; message: MessageKey; close?: true };

const fail = (message: MessageKey, close?: true): { ok: false; message: MessageKey; close?: true } =>
  close ? { ok: false, message, close } : { ok: false, message };

/** A field's text as a number for the schemas: empty is "missing", junk is NaN (both refused). */
export function fieldNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

function check<S extends z.ZodType>(schema: S, input: unknown): DialogCheck<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const message = parsed.error.issues[0]?.message ?? '';
  return fail(isMessageKey(message) ? message : 'card.block.incomplete');
}

export type ChoiceType = ChoiceOptions['type'];
export const CHOICE_TYPES = ['number', 'en', 'truefalse', 'chooseNumber'] as const satisfies readonly ChoiceType[];

/** The choice / sub-question dialog's fields, as typed. */
export interface ChoiceForm {
  type: ChoiceType | '';
  count: string;
  digit: boolean;
  minus: boolean;
  plusMinus: boolean;
  questions: string;
}

export function choiceForm(options: ChoiceOptions | undefined, questions?: number): ChoiceForm {
  const ticks = options?.type === 'chooseNumber' ? options : { digit: false, minus: false, plusMinus: false };
  const count = options && options.type !== 'chooseNumber' ? String(options.count) : '';
  return { type: options?.type ?? '', count, digit: ticks.digit, minus: ticks.minus, plusMinus: ticks.plusMinus, questions: questions === undefined ? '' : String(questions) };
}

/** True/false fixes the count at 2 (field disabled); any other type clears it for a fresh entry. */
export function switchChoiceType(form: ChoiceForm, type: ChoiceType): ChoiceForm {
  // A fill-in number row starts with the digits 0–9 ticked (issue 15): what nearly every one needs.
  const startDigits = type === 'chooseNumber' && !form.digit && !form.minus && !form.plusMinus;
  return { ...form, type, count: type === 'truefalse' ? String(CHOICE_OPTIONS.trueFalse) : '', ...(startDigits ? { digit: true } : {}) };
}

const ZQuestionCount = z
  .number({ error: 'card.block.incomplete' })
  .int('card.block.incomplete')
  .min(1, 'card.block.incomplete')
  .max(QUESTION_COUNT_MAX, 'card.block.overLimit');

/** With `withQuestions` the question count is asked for too (sub-question group, multi choice). */
export function checkChoice(form: ChoiceForm, withQuestions: true): DialogCheck<{ options: ChoiceOptions; count: number }>;
export function checkChoice(form: ChoiceForm, withQuestions: boolean): DialogCheck<{ options: ChoiceOptions; count?: number }>;
export function checkChoice(form: ChoiceForm, withQuestions: boolean): DialogCheck<{ options: ChoiceOptions; count?: number }> {
  if (form.type === '') return fail('card.block.incomplete');
  const options =
    form.type === 'chooseNumber'
      ? check(ZChoiceOptions, { type: form.type, digit: form.digit, minus: form.minus, plusMinus: form.plusMinus })
      : // True/false needs no count: the schema fixes it at 2.
        check(ZChoiceOptions, { type: form.type, count: form.type === 'truefalse' ? undefined : fieldNumber(form.count) });
  const questions = withQuestions ? check(ZQuestionCount, fieldNumber(form.questions)) : undefined;
  if (options.ok && questions === undefined) return { ok: true, value: { options: options.value } };
  if (options.ok && questions?.ok) return { ok: true, value: { options: options.value, count: questions.value } };
  // An empty field anywhere is 輸入不全 before any 設定值超過上限 (§5 lists it first).
  const problems = [options, questions].flatMap((c) => (c && !c.ok ? [c.message] : []));
  return fail(problems.find((m) => m === 'card.block.incomplete') ?? problems[0] ?? 'card.block.incomplete');
}

export function checkCharCount(text: string): DialogCheck<number> {
  return check(ZHandwritingGridBlock.shape.chars, fieldNumber(text));
}

const imageHeight = ZImageBlock.shape.height;
export const IMAGE_HEIGHT_MIN = imageHeight.minValue ?? HEIGHT_MIN_PX;

/** Empty: 尚未填入數值 (stays open). Above the cell: 圖片高度超過欄高 and the dialog closes unchanged. */
export function checkImageHeight(text: string, maxHeight: number): DialogCheck<number> {
  const value = fieldNumber(text);
  if (value === undefined || Number.isNaN(value)) return fail('editor.dialog.noValue');
  if (value > maxHeight) return fail('editor.dialog.imageTooTall', true);
  if (value < IMAGE_HEIGHT_MIN) return fail('editor.dialog.imageTooShort');
  return check(imageHeight, value);
}

/** A row's or cell's height: numeric, at least 1 px, never above its field (高度請勿超過欄高). */
export function checkFieldHeight(text: string, maxHeight: number): DialogCheck<number> {
  const value = fieldNumber(text);
  if (value === undefined || Number.isNaN(value) || value < HEIGHT_MIN_PX) return fail('card.block.incomplete');
  if (value > maxHeight) return fail('card.block.badHeight');
  return { ok: true, value };
}

export type BorderValue = { kind: 'row'; bottom: boolean } | { kind: 'split'; border: z.infer<typeof ZSplitBorder> };

/** The border dialog's radio value: 'on'/'off' for a row's bottom line, full/middle/none for a split. */
export function checkBorder(kind: BorderValue['kind'], choice: string | undefined): DialogCheck<BorderValue> {
  if (kind === 'row') return choice === 'on' || choice === 'off' ? { ok: true, value: { kind, bottom: choice === 'on' } } : fail('card.block.incomplete');
  const border = ZSplitBorder.safeParse(choice);
  return border.success ? { ok: true, value: { kind, border: border.data } } : fail('card.block.incomplete');
}

export function checkAlign(vertical: string | undefined, horizontal: string | undefined): DialogCheck<z.infer<typeof ZAlign>> {
  return check(ZAlign, { vertical, horizontal });
}

export function checkNumbering(choice: string | undefined): DialogCheck<z.infer<typeof ZNumbering>> {
  return check(ZNumbering, choice);
}
