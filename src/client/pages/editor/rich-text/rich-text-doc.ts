import type { JSONContent } from '@tiptap/react';
import type { z } from 'zod';
import { PARAGRAPH_ALIGNS, paragraphAlign, paragraphRuns, type ParagraphAlign, type ZRichText, type ZTextRun } from '../../../../shared/card/block-parts';
import { TEXT_RUN_SIZES_PX } from '../../../../shared/card/constants';

// Between the card's rich text (paragraphs of runs, src/shared/card/block-parts.ts) and tiptap's
// document JSON. Whatever tiptap holds comes back as schema-valid runs: unknown nodes give their
// text, unknown marks are dropped, and the schema's caps (50 paragraphs, 100 runs, 2000 characters
// a run) are kept, so a save never fails on pasted text.

export type RichText = z.infer<typeof ZRichText>;
type TextRun = z.infer<typeof ZTextRun>;
export type TextSize = NonNullable<TextRun['size']>;

export const SIZE_MARK = 'fontSize';
/** The paragraph attribute tiptap keeps a paragraph's alignment in (text-align.ts). */
export const ALIGN_ATTR = 'textAlign';
const MAX = { paragraphs: 50, runs: 100, chars: 2000 } as const;

export function isParagraphAlign(value: unknown): value is ParagraphAlign {
  return PARAGRAPH_ALIGNS.some((a) => a === value);
}

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
    content: paragraphs.map((paragraph) => ({
      type: 'paragraph',
      ...(paragraphAlign(paragraph) ? { attrs: { [ALIGN_ATTR]: paragraphAlign(paragraph) } } : {}),
      content: paragraphRuns(paragraph)
        .filter((r) => r.text !== '')
        .map((r) => ({ type: 'text', text: r.text, marks: marksOf(r) })),
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
    const kept = runs.slice(0, MAX.runs).map((r) => ({ ...r, text: r.text.slice(0, MAX.chars) }));
    // Left is where text starts anyway; stored only when chosen, so an unaligned page stays as it was.
    const align: unknown = block.attrs?.[ALIGN_ATTR];
    return isParagraphAlign(align) ? { align, runs: kept } : kept;
  });
  // A lone empty paragraph is what an empty editor holds: no text at all.
  return paragraphs.length === 1 && paragraphRuns(paragraphs[0]).length === 0 ? [] : paragraphs;
}
