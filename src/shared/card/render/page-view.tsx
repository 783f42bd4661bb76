import { memo, type ReactNode } from 'react';
import type { z } from 'zod';
import type { PageComponents, ZFirstBaseBlock, ZOtherBaseBlock } from '../page-blocks';
import { PAGE_ATTR } from '../../geometry/markup-attributes';
import { PT_PER_CSS_PX } from '../../geometry/card-geometry';
import { RESERVED_ZONES, SCAN_MARKS } from '../../geometry/scan-layout';
import { HeaderBlockView } from './header-block';
import { blockHooks, sameBlockView, type RenderEnv } from './render-env';
import { RowView } from './row-view';

type Base = z.infer<typeof ZFirstBaseBlock> | z.infer<typeof ZOtherBaseBlock>;

/** The header re-renders only when it changed (its bubble grids are a good part of page 1). */
const Header = memo(HeaderBlockView, sameBlockView);

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
            return <Header block={block} env={env} schoolName={schoolName} key={block.id} />;
          case 'firstBase':
            return <BaseArea block={block} env={env} key={block.id} />;
          case 'otherBase':
            return <OtherBaseView block={block} env={env} key={block.id} />;
        }
      })}
    </div>
  );
}

export const RESERVED_ATTR = 'data-reserved';
const px = (pt: number) => pt / PT_PER_CSS_PX;
const box = (r: { x: number; y: number; w: number; h: number }) => ({ left: px(r.x), top: px(r.y), width: px(r.w), height: px(r.h) });

/**
 * The editor's view of what every printed page carries (geometry/scan-layout.ts): the areas kept
 * for the registration marks and the page code, hatched, with the marks drawn black where they
 * will print. Never in the print markup: the PDF conversion draws the real ones.
 */
function ReservedZones() {
  return (
    <>
      {RESERVED_ZONES.map((zone, index) => (
        <div key={index} className="acs-reserved" {...{ [RESERVED_ATTR]: index < SCAN_MARKS.length ? SCAN_MARKS[index].corner : 'page-code' }} title="掃描定位區" style={box(zone)} />
      ))}
      {SCAN_MARKS.map((mark) => (
        <div key={mark.corner} className="acs-reserved-mark" style={box(mark.rect)} />
      ))}
    </>
  );
}

/** One sheet: `<section data-card-page="n">`, exactly A4, as the geometry contract requires; `reserved` shows the scan-mark zones (editor only). */
export function CardPage({ page, children, reserved = false }: { page: number; children: ReactNode; reserved?: boolean }) {
  return (
    <section {...{ [PAGE_ATTR]: String(page) }}>
      {children}
      {reserved && <ReservedZones />}
    </section>
  );
}
