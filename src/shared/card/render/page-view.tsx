import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { PageComponents, ZFirstBaseBlock, ZOtherBaseBlock } from '../page-blocks';
import { PAGE_ATTR } from '../../geometry/markup-attributes';
import { HeaderBlockView } from './header-block';
import { blockHooks, type RenderEnv } from './render-env';
import { RowView } from './row-view';

type Base = z.infer<typeof ZFirstBaseBlock> | z.infer<typeof ZOtherBaseBlock>;

/**
 * A base: the bordered area of fixed height (527 px on page 1, 765 px after) its rows stack in.
 * Overflow is clipped like the printed sheet would; the editor refuses content that overflows.
 */
function BaseArea({ block, env }: { block: Base; env: RenderEnv }) {
  return (
    <div className={`acs-base acs-${block.kind}`} style={{ height: block.height }} {...(block.kind === 'firstBase' ? blockHooks(env, block.id) : {})}>
      {block.children.map((child) => (
        <RowView block={child} env={env} key={child.id} />
      ))}
    </div>
  );
}

function OtherBaseView({ block, env }: { block: z.infer<typeof ZOtherBaseBlock>; env: RenderEnv }) {
  return (
    <div className="acs-other" {...blockHooks(env, block.id)}>
      <div className="acs-other-title">{block.title || (env.mode === 'edit' ? <span className="acs-placeholder">請輸入頁面標題（雙擊編輯）</span> : null)}</div>
      <BaseArea block={block} env={env} />
    </div>
  );
}

/** A page's blocks inside its printable box; the A4 frame around it is CardPage's. */
export function PageContent({ components, env, schoolName }: { components: PageComponents; env: RenderEnv; schoolName?: string }) {
  return (
    <div className="acs-page">
      {components.blocks.map((block) => {
        switch (block.kind) {
          case 'header':
            return <HeaderBlockView block={block} env={env} schoolName={schoolName} key={block.id} />;
          case 'firstBase':
            return <BaseArea block={block} env={env} key={block.id} />;
          case 'otherBase':
            return <OtherBaseView block={block} env={env} key={block.id} />;
        }
      })}
    </div>
  );
}

/** One sheet: `<section data-card-page="n">`, exactly A4, as the geometry contract requires. */
export function CardPage({ page, children }: { page: number; children: ReactNode }) {
  return (
    <section {...{ [PAGE_ATTR]: String(page) }}>
      {children}
    </section>
  );
}
