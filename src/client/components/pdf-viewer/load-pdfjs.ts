// pdf.js is large (~400 kB) and only the viewer screens need it, so it is imported on first use.
// Its worker is bundled by Vite as a file of our own build (`?url`): served by the app like any
// other asset, never fetched from a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');
let loading: Promise<PdfJs> | undefined;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}
