import { BLOCK_HEIGHT_MAX_PX, CHOICE_OPTIONS, HANDWRITING_CHARS, QUESTION_COUNT_MAX } from '../constants';
import type { DialogCheck } from '../dialog-input';
import { checkScoreBox } from './score-box';
import type { ScoreBox } from '../row-blocks';

// The quick build dialog's plan (快速建立, issue 15 part 1) and its check: the spec's messages,
// 輸入不全 for a missing or empty plan, 設定值超過上限 above a limit.

export interface QuickPlan {
  single: { count: number; options: number };
  multi: { count: number; options: number };
  /** 是非題: ○/× rows, always two options. */
  trueFalse: { count: number };
  numeric: { count: number; minus: boolean };
  /** `scoreBox`: every free answer of the plan prints that score field (閱卷給分格). */
  free: { count: number; height: number; scoreBox?: ScoreBox };
  handwriting: { count: number; chars: number };
}

/** The dialog's fields, kept as text so an empty field stays empty. */
export interface QuickPlanText {
  singleCount: string;
  singleOptions: string;
  multiCount: string;
  multiOptions: string;
  trueFalseCount: string;
  numericCount: string;
  numericMinus: boolean;
  freeCount: string;
  freeHeight: string;
  /** The free answers' score-field maximum; empty: no field. */
  freeScoreMax: string;
  freeScoreHalf: boolean;
  handwritingCount: string;
  handwritingChars: string;
}

export const QUICK_PLAN_DEFAULTS: QuickPlanText = {
  singleCount: '',
  singleOptions: '4',
  multiCount: '',
  multiOptions: '5',
  trueFalseCount: '',
  numericCount: '',
  numericMinus: true,
  freeCount: '',
  freeHeight: '80',
  freeScoreMax: '',
  freeScoreHalf: false,
  handwritingCount: '',
  handwritingChars: '20',
};

const FREE_HEIGHT_MIN_PX = 20;

export function checkQuickPlan(text: QuickPlanText): DialogCheck<QuickPlan> {
  const num = (s: string) => (s.trim() === '' ? 0 : Number(s));
  const counts = [text.singleCount, text.multiCount, text.trueFalseCount, text.numericCount, text.freeCount, text.handwritingCount].map(num);
  const sizes = [num(text.singleOptions), num(text.multiOptions), num(text.freeHeight), num(text.handwritingChars)];
  if ([...counts, ...sizes].some((n) => !Number.isInteger(n) || n < 0) || counts.every((n) => n === 0)) return { ok: false, message: 'card.block.incomplete' };
  const [single, multi, trueFalse, numeric, free, handwriting] = counts as [number, number, number, number, number, number];
  const [singleOptions, multiOptions, freeHeight, chars] = sizes as [number, number, number, number];
  // Options, height and characters matter only for a kind that is asked for.
  const needed = [single && !singleOptions, multi && !multiOptions, free && freeHeight < FREE_HEIGHT_MIN_PX, handwriting && !chars];
  if (needed.some(Boolean)) return { ok: false, message: 'card.block.incomplete' };
  const over =
    counts.some((n) => n > QUESTION_COUNT_MAX) ||
    singleOptions > CHOICE_OPTIONS.max ||
    multiOptions > CHOICE_OPTIONS.max ||
    freeHeight > BLOCK_HEIGHT_MAX_PX ||
    chars > HANDWRITING_CHARS.max;
  if (over) return { ok: false, message: 'card.block.overLimit' };
  const scoreBox = checkScoreBox({ enabled: free > 0 && text.freeScoreMax.trim() !== '', max: text.freeScoreMax, half: text.freeScoreHalf });
  if (!scoreBox.ok) return scoreBox;
  return {
    ok: true,
    value: {
      single: { count: single, options: singleOptions },
      multi: { count: multi, options: multiOptions },
      trueFalse: { count: trueFalse },
      numeric: { count: numeric, minus: text.numericMinus },
      free: { count: free, height: freeHeight, ...(scoreBox.value ? { scoreBox: scoreBox.value } : {}) },
      handwriting: { count: handwriting, chars },
    },
  };
}
