import type { ChoiceOptions } from '../block-parts';

const LETTERS = 'ABCDEFGHIJKL';

/**
 * The values of a question's bubbles, in printed order (page-editor.md §3 "Option types"). Each
 * is both the letter printed inside the bubble and its data-value in the OMR map.
 */
export function optionValues(options: ChoiceOptions): string[] {
  switch (options.type) {
    case 'number':
      return Array.from({ length: options.count }, (_, i) => String(i + 1));
    case 'en':
      return Array.from(LETTERS.slice(0, options.count));
    case 'truefalse':
      return ['是', '否'];
    case 'chooseNumber':
      return [
        ...(options.digit ? Array.from({ length: 10 }, (_, i) => String(i)) : []),
        ...(options.minus ? ['-'] : []),
        ...(options.plusMinus ? ['±'] : []),
      ];
  }
}
