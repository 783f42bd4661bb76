import type { JSONContent } from '@tiptap/react';
import type { z } from 'zod';
import type { ZRichText, ZTextRun } from '../../../../shared/card/block-parts';
import { TEXT_RUN_SIZES_PX } from '../../../../shared/card/constants';

// Between the card's rich text (paragraphs of runs, src/shared/card/block-parts.ts) and tiptap's
// document JSON. Whatever tiptap holds comes back as schema-valid runs: unknown nodes give their
// text, unknown marks are dropped, and the schema's caps (50 paragraphs, 100 runs, 2000 characters
// a run) are kept, so a save never fails on pasted text.

export type RichText = z.infer<typeof ZRichText>;
type TextRun = z.infer<typeof ZTextRun>;
export type TextSize = NonNullable<TextRun['size']>;

export const SIZE_MARK = 'fontSize';
const MAX = { paragraphs: 50, runs: 100, chars: 2000 } as const;

export function isTextSize(value: unknown): value is TextSize {
  return TEXT_RUN_SIZES_PX.some((s) => s === value);
}

function marksOf(run: TextRun): JSONContent['marks'] {
  const marks: NonNullable<JSONContent['marks']> = [];
  if (run.bold) marks.push({ type: 'bold' });
  if (run.italic) marks.push({ type: 'italic' });
  if (run.underline) marks.push({ type: 'underline' });
  if (run.size) marks.push({ type: SIZE_MARK, attrs: { size: run.size } });
  return marks.length > 0 ? marks : undefined;
}

export function toDoc(content: RichText): JSONContent {
  const paragraphs = content.length > 0 ? content : [[]];
  return {
    type: 'doc',
    content: paragraphs.map((runs) => ({
      type: 'paragraph',
      content: runs.filter((r) => r.text !== '').map((r) => ({ type: 'text', text: r.text, marks: marksOf(r) })),
    })),
  };
}

function runOf(node: JSONContent): TextRun {
  const run: TextRun = { text: node.text ?? '' };
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold' || mark.type === 'italic' || mark.type === 'underline') run[mark.type] = true;
    const size: unknown = mark.attrs?.size;
    if (mark.type === SIZE_MARK && isTextSize(size)) run.size = size;
  }
  return run;
}

const sameStyle = (a: TextRun, b: TextRun) => a.bold === b.bold && a.italic === b.italic && a.underline === b.underline && a.size === b.size;

/** The text nodes under a node, in order (a pasted list or quote flattens to its text). */
function textNodes(node: JSONContent): JSONContent[] {
  if (node.type === 'text') return [node];
  return (node.content ?? []).flatMap(textNodes);
}

export function fromDoc(doc: JSONContent): RichText {
  const paragraphs = (doc.content ?? []).slice(0, MAX.paragraphs).map((block) => {
    const runs: TextRun[] = [];
    for (const run of textNodes(block).map(runOf)) {
      const last = runs.at(-1);
      if (last && sameStyle(last, run)) last.text += run.text;
      else runs.push(run);
    }
    return runs.slice(0, MAX.runs).map((r) => ({ ...r, text: r.text.slice(0, MAX.chars) }));
  });
  // A lone empty paragraph is what an empty editor holds: no text at all.
  return paragraphs.length === 1 && paragraphs[0]?.length === 0 ? [] : paragraphs;
}
