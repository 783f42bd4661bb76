import type { PageComponents } from '../page-blocks';
import { numberQuestions } from '../render/question-numbers';
import { childNodes, isCell, walk, type EditNode } from './block-tree';

// What the layers panel shows beside a block's name (issue 15, part 5): the question numbers it
// holds (its own, or the range inside a container) and, inside a two-column block, the column.

export interface LayerHint {
  /** First and last counted number inside the node; null when it holds no numbered question. */
  range: [number, number] | null;
  column: 'left' | 'right' | null;
}

export function layerHints(components: PageComponents, startNumber: number): Map<string, LayerHint> {
  const { numbers } = numberQuestions(components, startNumber);
  const ownNumbers = (node: EditNode): number[] => {
    const mine = numbers.get(node.id);
    const items = !isCell(node) && node.kind === 'subQuestionGroup' ? node.items.map((i) => numbers.get(i.id)) : [];
    return [mine, ...items].flatMap((n) => (n && !n.sub ? [n.q] : []));
  };
  const rangeOf = new Map<string, number[]>();
  const collect = (node: EditNode): number[] => {
    const all = [...ownNumbers(node), ...childNodes(node).flatMap(collect)];
    rangeOf.set(node.id, all);
    return all;
  };
  components.blocks.forEach(collect);
  const hints = new Map<string, LayerHint>();
  for (const at of walk(components)) {
    const all = rangeOf.get(at.node.id) ?? [];
    const column = at.slot?.field === 'left' ? 'left' : at.slot?.field === 'right' ? 'right' : null;
    hints.set(at.node.id, { range: all.length ? [Math.min(...all), Math.max(...all)] : null, column });
  }
  return hints;
}
