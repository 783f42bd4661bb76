import type { ReactNode } from 'react';
import type { z } from 'zod';
import { paragraphAlign, paragraphRuns, type ZRichText, type ZTextRun } from '../block-parts';

type RichText = z.infer<typeof ZRichText>;
type TextRun = z.infer<typeof ZTextRun>;

// Author text becomes React text nodes only, so React escapes it: no markup of the author's ever
// reaches the page, whatever the runs contain.
function Run({ run }: { run: TextRun }): ReactNode {
  let node: ReactNode = run.text;
  if (run.bold) node = <b>{node}</b>;
  if (run.italic) node = <i>{node}</i>;
  if (run.underline) node = <u>{node}</u>;
  // The size is one of TEXT_RUN_SIZES_PX (schema-checked), so the style holds a plain number only.
  if (run.size) node = <span style={{ fontSize: `${run.size}px` }}>{node}</span>;
  return node;
}

export function isEmptyRichText(content: RichText | undefined): boolean {
  return !content || content.every((paragraph) => paragraphRuns(paragraph).every((run) => run.text === ''));
}

/**
 * Paragraphs of runs; an empty paragraph keeps its line so blank lines the author typed stay. An
 * aligned paragraph carries `text-align` (one of three schema-checked words), which the stored
 * page's sanitiser keeps and the PDF renders as the editor shows it.
 */
export function RichTextView({ content }: { content: RichText }) {
  return (
    <>
      {content.map((paragraph, p) => {
        const runs = paragraphRuns(paragraph);
        const align = paragraphAlign(paragraph);
        return (
          <div className="acs-para" style={align ? { textAlign: align } : undefined} key={p}>
            {runs.length === 0 ? '\u00a0' : runs.map((run, r) => <Run run={run} key={r} />)}
          </div>
        );
      })}
    </>
  );
}
