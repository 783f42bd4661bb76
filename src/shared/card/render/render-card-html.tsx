import { renderToStaticMarkup } from 'react-dom/server';
import type { PageComponents } from '../page-blocks';
import type { Asset } from '../page-document';
import { CARD_CSS } from './card-css';
import { CardPage, PageContent } from './page-view';
import { numberQuestions } from './question-numbers';
import type { RenderEnv, RenderMode } from './render-env';

export interface PageRenderInput {
  components: PageComponents;
  assets: readonly Asset[];
  /** 1-based; the school's name goes into the header on page 1 only (page-editor.md §2). */
  page: number;
  /** The previous page's question_total + 1. */
  startNumber: number;
  schoolName?: string;
  mode?: RenderMode;
}

export interface RenderedPage {
  /** The page's content, without its A4 section: the PDF worker and the editor frame it. */
  html: string;
  css: string;
  questionTotal: number;
}

/** A page's assets by id, as its blocks look them up. */
export const assetsById = (assets: readonly Asset[]): RenderEnv['assets'] => new Map(assets.map((asset) => [asset.id, asset]));

/** The environment a page's blocks render in: its assets by id and its question numbers. */
export function pageEnv(input: Pick<PageRenderInput, 'components' | 'assets' | 'startNumber' | 'mode'>): { env: RenderEnv; questionTotal: number } {
  const numbering = numberQuestions(input.components, input.startNumber);
  return { env: { mode: input.mode ?? 'print', assets: assetsById(input.assets), numbers: numbering.numbers }, questionTotal: numbering.questionTotal };
}

const schoolNameOf = (input: PageRenderInput) => (input.page === 1 ? input.schoolName : undefined);

/** One page as the static markup the editor saves as `html` and the PDF worker prints. */
export function renderPageHtml(input: PageRenderInput): RenderedPage {
  const { env, questionTotal } = pageEnv(input);
  const html = renderToStaticMarkup(<PageContent components={input.components} env={env} schoolName={schoolNameOf(input)} />);
  return { html, css: CARD_CSS, questionTotal };
}

/**
 * A whole card as one HTML document, each page its `<section data-card-page="n">`. Pages are
 * numbered on from one another unless a page gives its own start number.
 */
export function renderDocumentHtml(pages: readonly (Omit<PageRenderInput, 'page' | 'startNumber'> & { startNumber?: number })[]): { html: string; questionTotal: number } {
  let next = 1;
  const sections = pages.map((input, i) => {
    const { env, questionTotal } = pageEnv({ ...input, startNumber: input.startNumber ?? next });
    next = questionTotal + 1;
    return (
      <CardPage page={i + 1} key={i}>
        <PageContent components={input.components} env={env} schoolName={i === 0 ? input.schoolName : undefined} />
      </CardPage>
    );
  });
  const body = renderToStaticMarkup(<>{sections}</>);
  const html = `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><style>${CARD_CSS}</style></head><body style="margin:0">${body}</body></html>`;
  return { html, questionTotal: next - 1 };
}
