import { afterEach, describe, expect, it } from 'vitest';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer, RenderTimeoutError } from '../../src/worker/render/pdf-renderer';
import type { AssetSource } from '../../src/worker/render/sandbox-policy';
import { poppler } from '../support/poppler';

const executablePath = process.env.CHROMIUM_PATH ?? '';
const page = (text: string) => ({ pages: [{ html: `<p>${text}</p>`, css: '' }] });
// An asset read that never answers: the page's load event never comes. `reached` tells when a
// render is that far, so a test can break the browser mid-render rather than before it.
let reachedStuck: () => void = () => undefined;
const reached = () => new Promise<void>((resolve) => (reachedStuck = resolve));
const stuck: AssetSource = {
  get: (key) => {
    if (key !== 'stuck.png') return Promise.resolve(null);
    reachedStuck();
    return new Promise<never>(() => undefined);
  },
};
const stuckCard = { pages: [{ html: '<p>waiting</p><img src="http://card-assets.invalid/stuck.png">', css: '' }] };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let host: BrowserHost;
afterEach(() => host.close());

describe('the renderer survives what goes wrong', () => {
  it('fails a render that passes its time limit with a clear error, and renders the next one', async () => {
    host = new BrowserHost({ executablePath, restartEvery: 100 });
    const renderer = new PdfRenderer(host, 1_500);
    const started = Date.now();
    const failure = await renderer.render(stuckCard, stuck).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderTimeoutError);
    expect((failure as Error).message).toBe('render exceeded its time limit of 1500 ms');
    expect(Date.now() - started).toBeLessThan(1_500 + 5_000); // the limit, plus at most the grace to close the context
    const patient = new PdfRenderer(host, 20_000); // a busy machine may need more than 1.5 s for a real render
    expect(await poppler('pdftotext', (await patient.render(page('after the timeout'))).pdf)).toContain('after the timeout');
    expect(host.launches).toBe(1); // the browser itself was fine; only the context went
  });

  it('relaunches the browser after it was killed between renders', async () => {
    host = new BrowserHost({ executablePath, restartEvery: 100 });
    const renderer = new PdfRenderer(host, 20_000);
    await renderer.render(page('first'));
    const pid = (await host.pid())!;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => alive(pid)).toBe(false);
    expect(await poppler('pdftotext', (await renderer.render(page('after the crash'))).pdf)).toContain('after the crash');
    expect(host.launches).toBe(2);
  });

  it('fails the render that was running when the browser died, then recovers', async () => {
    host = new BrowserHost({ executablePath, restartEvery: 100 });
    const renderer = new PdfRenderer(host, 20_000);
    const pid = (await host.pid())!;
    const midRender = reached();
    const running = renderer.render(stuckCard, stuck).catch((error: unknown) => error);
    await midRender;
    process.kill(pid, 'SIGKILL');
    const failure = await running;
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(RenderTimeoutError); // it failed at once, not at the limit
    expect(await poppler('pdftotext', (await renderer.render(page('recovered'))).pdf)).toContain('recovered');
  });

  it('kills a browser that hangs, so the next render gets a new one', async () => {
    host = new BrowserHost({ executablePath, restartEvery: 100 });
    const renderer = new PdfRenderer(host, 1_500);
    const pid = (await host.pid())!;
    const midRender = reached();
    const running = renderer.render(stuckCard, stuck).catch((error: unknown) => error);
    await midRender;
    process.kill(pid, 'SIGSTOP'); // frozen: it will not even close the render's context
    expect(await running).toBeInstanceOf(RenderTimeoutError);
    await expect.poll(() => alive(pid)).toBe(false);
    const patient = new PdfRenderer(host, 20_000);
    expect(await poppler('pdftotext', (await patient.render(page('unfrozen'))).pdf)).toContain('unfrozen');
    expect(host.launches).toBe(2);

    const secondPid = (await host.pid())!;
    process.kill(secondPid, 'SIGSTOP'); // frozen before the render: no context ever opens
    expect(await renderer.render(page('never')).catch((error: unknown) => error)).toBeInstanceOf(RenderTimeoutError);
    await expect.poll(() => alive(secondPid)).toBe(false);
    expect(await poppler('pdftotext', (await patient.render(page('thawed'))).pdf)).toContain('thawed');
    expect(host.launches).toBe(3);
  });

  it('replaces the browser every N renders and closes the old one', async () => {
    host = new BrowserHost({ executablePath, restartEvery: 2 });
    const renderer = new PdfRenderer(host, 20_000);
    await renderer.render(page('one'));
    const firstPid = (await host.pid())!;
    await renderer.render(page('two'));
    await renderer.render(page('three'));
    expect(host.launches).toBe(2);
    expect(await host.pid()).not.toBe(firstPid);
    await expect.poll(() => alive(firstPid)).toBe(false);
  });
});
