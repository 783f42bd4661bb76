import { ChevronLeftIcon, ChevronRightIcon, Loader2Icon, ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { PDF_ZOOM } from '../../../shared/limits';
import { useT } from '../../i18n/locale-context';
import { Button } from '../ui/button';
import { loadPdfJs } from './load-pdfjs';
import { zoomIn, zoomOut, zoomPercent } from './zoom-steps';

/** Zoom 1 shows a page at its printed size: 1 pt is 96/72 CSS px. */
const CSS_PX_PER_PT = 96 / 72;

interface Props {
  /** The PDF's bytes; undefined while they are fetched. */
  data: Uint8Array | undefined;
}

/**
 * One page at a time with previous/next, 「第 x / y 頁」 and zoom 0.8–2 in steps of 0.1
 * (back-office.md §2 Preview, §9). The canvas is drawn at the screen's device pixel ratio, so
 * bubbles and small print stay sharp on high-density screens.
 */
export function PdfViewer({ data }: Props) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(PDF_ZOOM.start);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    void loadPdfJs().then(async (pdfjs) => {
      // pdf.js hands the buffer to its worker (detaching it): give it a copy, the caller keeps its own.
      loaded = await pdfjs.getDocument({ data: data.slice(), isEvalSupported: false }).promise;
      if (cancelled) return void loaded.destroy();
      setPage(1);
      setDoc(loaded);
    });
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [data]);

  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    setRendered(false);
    void doc.getPage(page).then(async (pdfPage) => {
      if (cancelled) return;
      const viewport = pdfPage.getViewport({ scale: zoom * CSS_PX_PER_PT });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await task.promise.then(() => !cancelled && setRendered(true)).catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom]);

  const pages = doc?.numPages ?? 0;
  return (
    <div className="grid gap-3" data-testid="pdf-viewer">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="outline" size="sm" data-testid="viewer-prev" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeftIcon /> {t('viewer.prev')}
        </Button>
        <span className="min-w-28 text-center text-sm tabular-nums" data-testid="viewer-page">
          {pages > 0 ? t('viewer.page', { page, pages }) : '—'}
        </span>
        <Button variant="outline" size="sm" data-testid="viewer-next" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('viewer.next')} <ChevronRightIcon />
        </Button>
        <span className="mx-2 h-5 w-px bg-border" aria-hidden />
        <Button variant="outline" size="icon" aria-label={t('viewer.zoomOut')} data-testid="viewer-zoom-out" disabled={zoom <= PDF_ZOOM.min} onClick={() => setZoom(zoomOut)}>
          <ZoomOutIcon />
        </Button>
        <span className="w-14 text-center text-sm tabular-nums" data-testid="viewer-zoom">{zoomPercent(zoom)}</span>
        <Button variant="outline" size="icon" aria-label={t('viewer.zoomIn')} data-testid="viewer-zoom-in" disabled={zoom >= PDF_ZOOM.max} onClick={() => setZoom(zoomIn)}>
          <ZoomInIcon />
        </Button>
      </div>
      <div className="relative min-h-96 overflow-auto rounded-md border bg-muted/40 p-4">
        {!rendered && (
          <div className="absolute inset-0 z-10 flex items-center justify-center gap-2 text-sm text-muted-foreground" data-testid="viewer-loading">
            <Loader2Icon className="size-4 animate-spin" /> {t('viewer.loading')}
          </div>
        )}
        <canvas
          ref={canvas}
          className="mx-auto block bg-white shadow-md"
          data-testid="viewer-canvas"
          data-page={page}
          data-rendered={rendered ? 'true' : 'false'}
        />
      </div>
    </div>
  );
}
