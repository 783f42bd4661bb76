import type { BrowserContext } from 'playwright-core';
import type { CardGeometryV2 } from '../../shared/geometry/card-geometry';
import type { BrowserHost } from './browser-host';
import { cardGeometryFromMarks } from '../../shared/geometry/card-geometry-from-marks';
import { composeDocument } from './compose-document';
import { toExactA4 } from './exact-a4';
import { MARK_ATTRIBUTES, measureMarksInPage } from '../../shared/geometry/measure-marks';
import { ZRenderInput, type RenderInput } from '../../shared/jobs/render-input';
import { applySandbox, type AssetSource, type SandboxLog } from './sandbox-policy';
import { settlesWithin } from './settles-within';

export interface RenderResult {
  pdf: Buffer;
  geometry: CardGeometryV2;
  sandbox: SandboxLog;
  /** Answer bubbles a clipping box cuts into: mapped, but they would not print whole. */
  clipped: number;
}

export class RenderTimeoutError extends Error {}


// Card content never runs script; Playwright's own evaluate still works (its utility world).
// Offline is a second wall behind the route: fulfilled assets and data: URLs work offline.
const CONTEXT_OPTIONS = {
  javaScriptEnabled: false,
  offline: true,
  serviceWorkers: 'block',
  acceptDownloads: false,
  viewport: { width: 794, height: 1123 },
  deviceScaleFactor: 1,
} as const;

const CLOSE_GRACE_MS = 5_000;
const NO_ASSETS: AssetSource = { get: async () => null };

/**
 * Renders a card's pages to one A4 PDF and measures its geometry from the same layout, in a fresh
 * sandboxed context per render on the host's shared browser. A render that passes `timeoutMs`
 * fails with RenderTimeoutError; if its context cannot even be closed, the browser is killed and
 * the next render gets a new one.
 */
export class PdfRenderer {
  constructor(
    private readonly host: BrowserHost,
    private readonly timeoutMs: number,
  ) {}

  /** `assets` answers the asset origin's keys for this render; by default the card has none. */
  async render(input: RenderInput, assets: AssetSource = NO_ASSETS): Promise<RenderResult> {
    const { pages } = ZRenderInput.parse(input);
    const lease = await this.host.acquire();
    const sandbox: SandboxLog = { refused: [], served: [], failed: [] };
    const opened: { context?: BrowserContext } = {};
    let timer: NodeJS.Timeout | undefined;
    let expired = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        reject(new RenderTimeoutError(`render exceeded its time limit of ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    const work = (async () => {
      const context = await lease.browser.newContext(CONTEXT_OPTIONS);
      // A context that opens after the deadline would be missed by the cleanup below.
      if (expired) await context.close();
      opened.context = context;
      return this.renderIn(context, pages, assets, sandbox);
    })();
    work.catch(() => undefined); // after a timeout its rejection is expected and unheard
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
      // A browser that could not even open a context within the limit, or will not close one,
      // hangs: kill it so the next render gets a new one.
      const settled = opened.context ? await settlesWithin(opened.context.close(), CLOSE_GRACE_MS) : !expired;
      if (!settled) lease.kill();
      await lease.release();
    }
  }

  private async renderIn(context: BrowserContext, pages: RenderInput['pages'], assets: AssetSource, sandbox: SandboxLog): Promise<RenderResult> {
    await applySandbox(context, assets, sandbox);
    const page = await context.newPage();
    // Measure in the layout that prints: print media, before page.pdf lays the same document out.
    await page.emulateMedia({ media: 'print' });
    await page.setContent(composeDocument(pages), { waitUntil: 'load', timeout: 0 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    if (sandbox.failed.length > 0) throw new Error(`card assets could not be read: ${sandbox.failed.join('; ')}`);
    const measured = await page.evaluate(measureMarksInPage, MARK_ATTRIBUTES);
    if (measured.sections !== pages.length) throw new Error(`the card has ${pages.length} pages but the document has ${measured.sections}: a page's markup is not closed`);
    const geometry = cardGeometryFromMarks(measured.marks, pages.length);
    const printed = await page.pdf({ width: '210mm', height: '297mm', printBackground: true, preferCSSPageSize: true, margin: { top: '0', right: '0', bottom: '0', left: '0' } });
    const pdf = await toExactA4(printed, pages.length);
    return { pdf, geometry, sandbox, clipped: measured.clipped };
  }
}
