import { useCallback, useState } from 'react';
import { ZPageComponents, type PageComponents } from '../../../../shared/card/page-blocks';
import { referencedAssetIds, type Asset } from '../../../../shared/card/page-document';
import { numberQuestions } from '../../../../shared/card/render/question-numbers';
import { startingPage } from '../../../../shared/card/edit/starting-page';
import { renderPageHtml } from '../../../../shared/card/render/render-card-html';
import { showAlert } from '../../../feedback/alert-store';
import { notifyError, notifySuccess } from '../../../feedback/notify';
import { translateUi } from '../../../i18n/client-translate';
import { getLocale } from '../../../session/session-store';
import { trpc } from '../../../trpc/trpc';
import { measurePageParams } from './page-params';

export type DocKind = 'card' | 'template';

export interface LoadedPage {
  page: number;
  components: PageComponents;
  assets: Asset[];
  /** Stored pages of the card (at least 1). */
  pages: number;
  schoolName: string;
  imageTextBlocks: boolean;
  /** The previous page's question_total + 1. */
  startNumber: number;
  /** Counted questions when loaded: a save that changes it asks to check the next page. */
  loadedCount: number;
  /** Whether the page is stored (a new page is not, until its first save). */
  stored: boolean;
  /** The page's stored question_total ('' when never saved): differs when earlier pages were renumbered. */
  storedTotal: string;
}

export const SAVE_MEASURE = 'acs-editor-save';

const tr = (key: string) => translateUi(getLocale(), key);

/** Loading and saving one page of a card or template through cards.content.* (page-editor.md §7). */
export function usePageSession(guid: string, kind: DocKind) {
  const utils = trpc.useUtils();
  const saveMutation = trpc.cards.content.savePage.useMutation({ meta: { silentSuccess: true, inlineErrors: true } });
  const optionMutation = trpc.cards.content.saveOption.useMutation({ meta: { silentSuccess: true, inlineErrors: true } });
  const [busy, setBusy] = useState<'loading' | 'saving' | null>(null);

  const startNumberOf = useCallback(
    async (page: number) => {
      if (page <= 1) return 1;
      const total = await utils.cards.content.option.fetch({ guid, kind, code: `p${page - 1}`, key: 'question_total' }, { staleTime: 0 });
      const n = Number(total);
      return Number.isInteger(n) && n >= 0 ? n + 1 : 1;
    },
    [guid, kind, utils],
  );

  const load = useCallback(
    async (page: number): Promise<LoadedPage> => {
      setBusy('loading');
      try {
        const [data, startNumber, storedTotal] = await Promise.all([
          utils.cards.content.page.fetch({ guid, kind, page }, { staleTime: 0 }),
          startNumberOf(page),
          utils.cards.content.option.fetch({ guid, kind, code: `p${page}`, key: 'question_total' }, { staleTime: 0 }),
        ]);
        const parsed = ZPageComponents.safeParse(data.components);
        const stored = parsed.success && parsed.data.blocks.length > 0;
        // A page not stored yet opens with its base (and the header on page 1) already placed.
        const components = stored ? parsed.data : startingPage(page, data.title);
        return {
          page,
          components,
          assets: data.assets,
          pages: data.pages,
          schoolName: data.name,
          imageTextBlocks: data.imageTextBlocks,
          startNumber,
          loadedCount: numberQuestions(components, startNumber).count,
          storedTotal,
          stored,
        };
      } finally {
        setBusy(null);
      }
    },
    [guid, kind, utils, startNumberOf],
  );

  /** Saves the page and its question_total / page_total; false when refused or failed. */
  const save = useCallback(
    async (loaded: LoadedPage, components: PageComponents, canvas: HTMLElement): Promise<boolean> => {
      const started = performance.now();
      const rendered = renderPageHtml({ components, assets: loaded.assets, page: loaded.page, startNumber: loaded.startNumber, schoolName: loaded.schoolName });
      if (!rendered.html.trim() || components.blocks.length === 0) {
        notifyError(tr('card.content.empty'));
        return false;
      }
      setBusy('saving');
      try {
        const params = measurePageParams(canvas, loaded.page);
        // Images replaced or deleted since are not kept.
        const used = new Set(referencedAssetIds(components));
        const assets = loaded.assets.filter((a) => used.has(a.id));
        // The client's share of a save (render, measure), read by `npm run bench:editor`.
        performance.measure(SAVE_MEASURE, { start: started, end: performance.now() });
        const answer = await saveMutation.mutateAsync({ guid, kind, page: loaded.page, options: { html: rendered.html, css: rendered.css, styles: '', components, assets, params } });
        const code = `p${loaded.page}`;
        const pages = Math.max(loaded.pages, loaded.page);
        await optionMutation.mutateAsync({ guid, kind, code, key: 'question_total', value: String(rendered.questionTotal) });
        await optionMutation.mutateAsync({ guid, kind, code, key: 'page_total', value: String(pages) });
        notifySuccess(answer.message);
        if (numberQuestions(components, loaded.startNumber).count !== loaded.loadedCount && loaded.page < loaded.pages) {
          await showAlert(tr('editor.questionCountChanged'));
        }
        return true;
      } catch (error) {
        notifyError(error instanceof Error ? error.message : String(error));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [guid, kind, saveMutation, optionMutation],
  );

  /**
   * Stores a page the editor has not shown (a quick build's further page) and its options; answers
   * its question_total. Its params stay empty until the page is edited and saved (the PDF's own
   * geometry map is measured at conversion anyway).
   */
  const saveUnseen = useCallback(
    async (loaded: LoadedPage, page: number, pages: number, components: PageComponents, startNumber: number): Promise<number> => {
      const rendered = renderPageHtml({ components, assets: [], page, startNumber, schoolName: loaded.schoolName });
      await saveMutation.mutateAsync({ guid, kind, page, options: { html: rendered.html, css: rendered.css, styles: '', components, assets: [], params: { selectlist: {}, grouplist: {} } } });
      await optionMutation.mutateAsync({ guid, kind, code: `p${page}`, key: 'question_total', value: String(rendered.questionTotal) });
      await optionMutation.mutateAsync({ guid, kind, code: `p${page}`, key: 'page_total', value: String(pages) });
      return rendered.questionTotal;
    },
    [guid, kind, saveMutation, optionMutation],
  );

  return { busy, load, save, saveUnseen, startNumberOf };
}
