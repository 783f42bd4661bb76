import type { CSSProperties } from 'react';
import type { z } from 'zod';
import type { ZAlign, ZRichText } from '../block-parts';
import type { ZBlankBlock, ZBorderedTextBlock, ZTextBlock } from '../leaf-blocks';
import { BLANK_DEFAULT_PX } from './render-constants';
import { blockHooks, TEXT_PLACEHOLDER, type RenderEnv } from './render-env';
import { isEmptyRichText, RichTextView } from './rich-text';

type Align = z.infer<typeof ZAlign>;

const JUSTIFY = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

/** The "content anchor" dialog as flex placement; text defaults to top left like the editor's. */
export function alignStyle(align: Align | undefined): CSSProperties {
  return align ? { justifyContent: JUSTIFY[align.vertical], textAlign: align.horizontal } : {};
}

/** Author text, or in the editor a placeholder that the stylesheet lays over the empty box. */
export function TextContent({ content, env }: { content: z.infer<typeof ZRichText> | undefined; env: RenderEnv }) {
  if (content && !isEmptyRichText(content)) return <RichTextView content={content} />;
  return env.mode === 'edit' ? <span className="acs-placeholder">{TEXT_PLACEHOLDER}</span> : null;
}

type TextBlock = z.infer<typeof ZTextBlock> | z.infer<typeof ZBorderedTextBlock>;

/** Text and bordered text: a fixed height, line height 1, overflow hidden (page-editor.md §3). */
export function TextBlockView({ block, env }: { block: TextBlock; env: RenderEnv }) {
  const bordered = block.kind === 'borderedText' && block.border?.bottom !== false;
  return (
    <div
      className={`acs-text${bordered ? ' acs-text-bordered' : ''}`}
      style={{ height: block.height, ...alignStyle(block.align) }}
      {...blockHooks(env, block.id)}
    >
      <TextContent content={block.content} env={env} />
    </div>
  );
}

const BLANK_NOTICE = { text: null, backSide: '（背面空白，請勿作答）', doNotWrite: '此區請勿書寫' } as const;

/** Blank text, blank back side, blank do-not-write: reserved space, the latter two with a notice. */
export function BlankBlockView({ block, env }: { block: z.infer<typeof ZBlankBlock>; env: RenderEnv }) {
  const notice = BLANK_NOTICE[block.variant];
  const hasContent = !isEmptyRichText(block.content);
  return (
    <div className={`acs-blank acs-blank-${block.variant}`} style={{ height: block.height ?? BLANK_DEFAULT_PX }} {...blockHooks(env, block.id)}>
      {hasContent && block.content ? <RichTextView content={block.content} /> : notice}
    </div>
  );
}
