import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserHost } from '../../src/worker/render/browser-host';
import { PdfRenderer, type RenderResult } from '../../src/worker/render/pdf-renderer';
import type { AssetSource } from '../../src/worker/render/sandbox-policy';
import { poppler } from '../support/poppler';
import { edgeDeviationMm, findDrawnBox, rasterisePage } from '../support/raster';

// The one asset the card may load, from the project's own asset origin: a blue square.
const LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0000ff"/></svg>');
// What may come inline: a red square as a data: URL, which must work with the context offline.
const INLINE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#ff0000"/></svg>')}`;

const host = new BrowserHost({ executablePath: process.env.CHROMIUM_PATH ?? '', restartEvery: 100 });
const assetsRead: string[] = [];
const renderer = new PdfRenderer(host, 20_000);
const assets: AssetSource = { get: async (key) => (assetsRead.push(key), key === 'school/logo.svg' ? LOGO : null) };

// Stands for everything a card must not reach: the worker's own machine, a metadata service,
// an intranet host. It counts every request that arrives, by any path.
const received: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req.url ?? '');
    if (req.url === '/redirect') res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('LEAKED-FROM-SERVER');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await host.close();
  await new Promise((resolve) => server.close(resolve));
});

function hostileCard(): { html: string; css: string } {
  const port = new URL(base).port;
  const html = `<h1>HOSTILE-CARD</h1>
<img src="file:///etc/passwd"><iframe src="FILE:///etc/passwd"></iframe><object data="file:///etc/passwd"></object>
<link rel="stylesheet" href="file:///etc/passwd"><div class="bg">background</div><embed src="/etc/passwd">
<img src="http://169.254.169.254/latest/meta-data/"><img src="http://[::ffff:127.0.0.1]:${port}/mapped">
<img src="${base}/redirect"><img src="${base}/img" srcset="${base}/srcset 2x"><iframe src="${base}/frame"></iframe>
<iframe srcdoc="<img src='${base}/srcdoc'>"></iframe><svg><image href="${base}/svg-image"/></svg>
<link rel="prefetch" href="${base}/prefetch"><link rel="preload" as="image" href="${base}/preload">
<meta http-equiv="refresh" content="0;url=${base}/refresh"><a ping="${base}/ping" href="${base}/a">link</a>
<video poster="${base}/poster"></video><img src="http://card-assets.invalid/../../etc/passwd.png">
<script>document.write('SCRIPT-RAN'); fetch('${base}/fetch');</script><noscript>NOSCRIPT-SHOWN</noscript>
<img class="logo" src="http://card-assets.invalid/school/logo.svg"><img class="inline" src="${INLINE}">`;
  const css = `@import url(${base}/import.css);
@font-face { font-family: leak; src: url(${base}/font.woff2); }
h1 { font-family: leak, sans-serif; } .bg { background: url(file:///etc/passwd); }
.logo, .inline { position: absolute; top: 800px; width: 40px; height: 40px; }
.logo { left: 100px; background-image: url(${base}/css-bg); } .inline { left: 200px; }`;
  return { html, css };
}

describe('a render is sandboxed', () => {
  let result: RenderResult;
  let text: string;

  beforeAll(async () => {
    result = await renderer.render({ pages: [hostileCard()] }, assets);
    text = await poppler('pdftotext', result.pdf);
    await new Promise((resolve) => setTimeout(resolve, 300)); // anything late would have arrived by now
  });

  it('lets no request leave the browser', () => {
    expect(text).toContain('HOSTILE-CARD'); // the card did render
    expect(received).toEqual([]);
  });

  it('refuses every request in the route handler, serving only the project asset', () => {
    console.log(`refused by the route: ${result.sandbox.refused.length}\n  ${result.sandbox.refused.join('\n  ')}`);
    const refused = result.sandbox.refused.join('\n');
    for (const path of ['/import.css', '/img', '/frame', '/css-bg', '/font.woff2', '/redirect', '/preload', '/refresh', '/srcdoc', '/svg-image', '/poster']) expect(refused).toContain(`${base}${path}`);
    expect(refused).toContain('http://169.254.169.254/latest/meta-data/');
    expect(refused).toContain('http://[::ffff:7f00:1]');
    expect(result.sandbox.served).toEqual(['school/logo.svg']);
    // the traversal is normalised by the URL parser to a plain key, which storage does not have
    expect(assetsRead).toContain('etc/passwd.png');
  });

  it('draws the project asset and the inline image where the card puts them', async () => {
    const raster = await rasterisePage(result.pdf, 1);
    const at = (left: number) => ({ x: left * 0.75, y: 800 * 0.75, w: 30, h: 30 }); // 40 CSS px = 30 pt
    const blue = findDrawnBox(raster, at(100), (r, g, b) => b > 200 && r < 60 && g < 60);
    const red = findDrawnBox(raster, at(200), (r, g, b) => r > 200 && g < 60 && b < 60);
    expect(edgeDeviationMm(blue!, at(100))).toBeLessThan(0.25);
    expect(edgeDeviationMm(red!, at(200))).toBeLessThan(0.25);
  });

  it('leaks no local file into the PDF', () => {
    expect(text).not.toMatch(/root:x:0:0|LEAKED-FROM-SERVER/);
  });

  it('runs no script from the content', () => {
    expect(text).not.toContain('SCRIPT-RAN');
    expect(text).toContain('NOSCRIPT-SHOWN'); // Chromium shows <noscript> only with scripting off
  });
});
