import type { BrowserContext, Route } from 'playwright-core';
import { assetContentType, assetKeyOf } from '../../shared/jobs/asset-origin';

/** Where the sandbox reads the project's own assets from (the storage interface, in the worker). */
export interface AssetSource {
  get(key: string): Promise<Buffer | null>;
}

/** What the sandbox did during one render: URLs it refused, asset keys it served or failed to read. */
export interface SandboxLog {
  refused: string[];
  served: string[];
  failed: string[];
}

/**
 * Every request the page makes, of any frame and any kind, goes through this one handler: it
 * serves GETs of the asset origin from storage and aborts everything else. Navigations are
 * refused too, so a meta refresh or an iframe cannot replace or add a document, and nothing is
 * ever continued to the network. (`data:` URLs never reach the handler: Chromium
 * decodes them in place; `file:` URLs are refused by Chromium itself for a page set from memory.)
 */
export async function applySandbox(context: BrowserContext, assets: AssetSource, log: SandboxLog): Promise<void> {
  await context.route('**/*', (route) => handle(route, assets, log));
}

async function handle(route: Route, assets: AssetSource, log: SandboxLog): Promise<void> {
  const request = route.request();
  const key = assetKeyOf(request.url());
  const contentType = key === null ? null : assetContentType(key);
  try {
    if (request.isNavigationRequest()) {
      // Aborting a navigation would still replace the card with an error page; a 204 answer is
      // HTTP's "stay where you are", so a meta refresh or a framed URL leaves the document alone.
      log.refused.push(request.url());
      await route.fulfill({ status: 204, body: '' });
      return;
    }
    if (key === null || contentType === null || request.method() !== 'GET') {
      log.refused.push(request.url());
      await route.abort('blockedbyclient');
      return;
    }
    const body = await assets.get(key);
    if (body === null) {
      log.refused.push(request.url());
      await route.fulfill({ status: 404, contentType: 'text/plain', body: '' });
      return;
    }
    log.served.push(key);
    await route.fulfill({ status: 200, contentType, body });
  } catch (error) {
    // A storage failure must fail the render (and so retry the job), never print a card with a
    // hole where the image was; the renderer checks `failed` before it prints.
    log.failed.push(`${request.url()}: ${error instanceof Error ? error.message : String(error)}`);
    await route.abort('failed').catch(() => {
      // the context closed while the asset was read (a timed-out render): nobody is waiting
    });
  }
}
