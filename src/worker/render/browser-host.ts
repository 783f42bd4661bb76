import { chromium, type Browser } from 'playwright-core';
import { RenderSlots } from './render-slots';
import { settlesWithin } from './settles-within';

// Chromium reads only the last --disable-features and --enable-features, so Playwright's own
// lists (playwright-core 1.65 chromiumSwitches.ts) are repeated before ours.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];
const PLAYWRIGHT_ENABLED_FEATURES = ['CDPScreenshotNewSurface', 'SkipListAccountsWithoutGaiaCookies'];
// Memory (docs/pdf-rendering.md, "Memory"): the network service in the browser process rather
// than a process of its own (the sandbox's route answers every request anyway), no spare renderer
// kept warm beside each render's own, and no omnibox popup WebUI preloaded into the window
// headless Chromium opens per context.
const MEMORY_ENABLED_FEATURES = ['NetworkServiceInProcess2'];
const MEMORY_DISABLED_FEATURES = ['SpareRendererForSitePerProcess', 'WebUIOmniboxPopup', 'OmniboxAimPopupWebUIContent', 'WebUIOmniboxAimPopup'];

// Without the network ones, Chromium's background services try to reach Google and fail loudly on
// a machine without that access (docs/pdf-rendering.md); playwright adds a fresh temporary profile.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--enable-features=${[...PLAYWRIGHT_ENABLED_FEATURES, ...MEMORY_ENABLED_FEATURES].join(',')}`,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...MEMORY_DISABLED_FEATURES].join(',')}`,
];

export interface BrowserHostOptions {
  executablePath: string;
  /** Renders per browser before it is replaced, so leaks in a long-lived Chromium stay bounded. */
  restartEvery: number;
  /** Renders in the browser at once (default 1); more wait for a slot before their time limit starts. */
  rendersAtOnce?: number;
}

/** One browser process and the renders it has served. */
interface Generation {
  browser: Browser;
  pid: number | null;
  renders: number;
  active: number;
  retired: boolean;
}

/** A browser lent to one render; `kill` is for a render that hangs the whole browser. */
export interface BrowserLease {
  browser: Browser;
  release(): Promise<void>;
  kill(): void;
}

/**
 * One Chromium per worker process, launched on first use and shared by concurrent renders. It is
 * replaced after `restartEvery` renders, after it crashes or disconnects, and after a render had to
 * kill it; a replaced browser finishes the renders it is serving before it closes.
 */
export class BrowserHost {
  private current: Promise<Generation> | null = null;
  private readonly live = new Set<Generation>();
  private readonly slots: RenderSlots;
  launches = 0;

  constructor(private readonly options: BrowserHostOptions) {
    this.slots = new RenderSlots(options.rendersAtOnce ?? 1);
  }

  async acquire(): Promise<BrowserLease> {
    await this.slots.take();
    const generation = await this.usableGeneration().catch((error: unknown) => {
      this.slots.give();
      throw error;
    });
    generation.renders += 1;
    generation.active += 1;
    if (generation.renders >= this.options.restartEvery) generation.retired = true;
    return {
      browser: generation.browser,
      release: async () => {
        this.slots.give();
        generation.active -= 1;
        if (generation.retired && generation.active === 0) await this.retire(generation);
      },
      kill: () => this.kill(generation),
    };
  }

  /** The browser process id of the current browser, for measuring its memory. */
  async pid(): Promise<number | null> {
    return (await this.usableGeneration()).pid;
  }

  async close(): Promise<void> {
    this.current = null;
    await Promise.all([...this.live].map((generation) => this.retire(generation)));
  }

  private async usableGeneration(): Promise<Generation> {
    for (;;) {
      const pending = (this.current ??= this.launch());
      const generation = await pending.catch((error: unknown) => {
        if (this.current === pending) this.current = null;
        throw error;
      });
      if (!generation.retired && generation.browser.isConnected()) return generation;
      if (this.current === pending) this.current = null;
    }
  }

  private async launch(): Promise<Generation> {
    const browser = await chromium.launch({ executablePath: this.options.executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
    this.launches += 1;
    const generation: Generation = { browser, pid: await browserPid(browser), renders: 0, active: 0, retired: false };
    this.live.add(generation);
    browser.on('disconnected', () => {
      generation.retired = true;
      this.live.delete(generation);
    });
    return generation;
  }

  private async retire(generation: Generation): Promise<void> {
    generation.retired = true;
    this.live.delete(generation);
    // A hung browser never answers close: give it a few seconds, then kill it.
    if (!(await settlesWithin(generation.browser.close(), 5_000))) this.kill(generation);
  }

  private kill(generation: Generation): void {
    generation.retired = true;
    if (generation.pid !== null) {
      try {
        process.kill(generation.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

// Playwright does not expose the process of a launched browser; Chromium reports it over CDP.
async function browserPid(browser: Browser): Promise<number | null> {
  const session = await browser.newBrowserCDPSession();
  try {
    const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    return info.processInfo.find((process) => process.type === 'browser')?.id ?? null;
  } catch {
    return null;
  } finally {
    await session.detach().catch(() => undefined);
  }
}
