import { ArrowLeftIcon, ListChecksIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { canvasOf, grabFrame, readPlane, shutterFeedback, stamp, unlockAudio } from './capture-camera';
import { makePicture } from './picture';
import { SheetCard, SheetChips, type ShownSheet } from './capture-sheet-card';
import { CaptureTrigger, type TriggerState } from './capture-trigger';
import { detectSheet, NO_SHEET, scaleHomography, type SheetDetection } from './detect';
import { lumaOf, planeGray, shrinkPlane, type Gray, type LumaPlane } from './flatten';
import { useCaptureQueue } from './use-capture-queue';
import { isPending } from './upload-queue';

/** Live detection runs on frames scaled to this long side (640 × 480). */
const DETECT_SIDE = 640;
const AUTO_KEY = 'acs-capture-auto';
const readAuto = (): boolean => {
  try {
    return localStorage.getItem(AUTO_KEY) !== 'off';
  } catch {
    return true;
  }
};
const saveAuto = (on: boolean): boolean => {
  try {
    localStorage.setItem(AUTO_KEY, on ? 'on' : 'off');
  } catch {
    // Not kept (storage refused): it still switches for this visit.
  }
  return on;
};
type Hint = TriggerState | 'starting' | 'manual';

/**
 * /cards/capture/:guid — grade with a phone (docs/scan-batches.md "Capture with a phone"): the rear
 * camera's preview, the sheet found live on 640 × 480 grey frames with its outline drawn, a picture
 * taken by itself once the sheet is still and sharp (or by the shutter button), flattened to an A4
 * page, kept on the phone (IndexedDB) and uploaded in the background as a one-page batch of the
 * card's capture session while the next sheet is framed; each sheet's way (upload, queue, reading)
 * is shown, then its student and score as soon as the worker has read it.
 */
export function CapturePage() {
  const t = useT();
  const { guid = '' } = useParams();
  const info = trpc.cards.info.useQuery({ guid }, { enabled: guid !== '' });
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const outlineRef = useRef<SVGPolygonElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const audio = useRef<AudioContext | null>(null);
  const [hint, setHint] = useState<Hint>('starting');
  const [error, setError] = useState<string | null>(null);
  // The auto switch is remembered on the phone: who prefers the shutter keeps it off.
  const [auto, setAuto] = useState(() => readAuto());
  const autoRef = useRef(auto);
  autoRef.current = auto;
  const [flash, setFlash] = useState(0);
  const { items, statuses, durable, add, retry, remove } = useCaptureQueue(guid);
  /** A sheet tapped in the row (shown big instead of the latest); a new capture shows the latest again. */
  const [chosen, setChosen] = useState<string | null>(null);
  const lastFound = useRef<{ found: SheetDetection; scale: number }>({ found: NO_SHEET, scale: 1 });
  const busy = useRef(false);
  const triggerRef = useRef<CaptureTrigger | null>(null);
  const taken = useRef(0);
  const tRef = useRef(t);
  tRef.current = t;

  /** Takes the picture: the current frame at the video's resolution, flattened through the marks found live. */
  const capture = useCallback(
    async (how: 'auto' | 'manual', plane?: LumaPlane) => {
      const video = videoRef.current;
      const root = rootRef.current;
      if (!video || !root || busy.current || !video.videoWidth) return;
      busy.current = true;
      const started = performance.now();
      taken.current += 1;
      root.dataset.shutters = String(taken.current);
      root.dataset.capturedAt = String(started);
      root.dataset.captureHow = how;
      const shotAt = Date.now();
      root.dataset.shotWall = String(shotAt);
      setChosen(null);
      try {
        const { found, scale } = lastFound.current;
        // A picture taken by hand counts as taken: the trigger waits for this sheet to go.
        if (how === 'manual') triggerRef.current?.took(found.corners);
        // An automatic capture takes the very frame it judged still and sharp (its plane is copied now, before the next frame reuses the buffer).
        const frame = plane ? planeGray(plane) : await grabFrame(video);
        const copied = performance.now();
        shutterFeedback(audio);
        setFlash((n) => n + 1);
        const fed = performance.now();
        const picture = await makePicture({ frame, toFrame: found.toFrame ? scaleHomography(found.toFrame, 1 / scale) : null });
        const file = new Blob([picture.jpeg], { type: 'image/jpeg' });
        root.dataset.captureSteps = `frame ${Math.round(copied - started)} ms, beep ${Math.round(fed - copied)} ms, flatten ${Math.round(picture.flattenMs)} ms, jpeg ${Math.round(picture.encodeMs)} ms (${picture.where}), all ${Math.round(performance.now() - fed)} ms, ${Math.round(file.size / 1024)} kB`;
        const when = stamp(new Date());
        await add(file, shotAt, (seq) => `capture-${when}-${seq}.jpg`);
        root.dataset.encodeMs = String(Math.round(performance.now() - started));
      } finally {
        busy.current = false;
      }
    },
    [add],
  );
  const captureRef = useRef(capture);
  captureRef.current = capture;

  // The camera and the detection loop: one detection per new video frame.
  useEffect(() => {
    const video = videoRef.current!;
    const root = rootRef.current!;
    let stream: MediaStream | null = null;
    let stopped = false;
    let handle = 0;
    let small: CanvasRenderingContext2D | null = null;
    const trigger = new CaptureTrigger(DETECT_SIDE);
    triggerRef.current = trigger;
    const frameTimes: number[] = [];
    let detectTotal = 0;
    let grabTotal = 0;
    const presented: number[] = [];
    let detections = 0;
    let shownHint: Hint = 'starting';
    const show = (next: Hint) => {
      if (next !== shownHint) setHint((shownHint = next));
    };

    // Detection in a worker (its own thread); where one cannot start, on this thread.
    let worker: Worker | null = null;
    try {
      worker = new Worker(new URL('./detect-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      worker = null;
    }
    const detectHere = (gray: Gray) => {
      const began = performance.now();
      const found = detectSheet(gray);
      return { found, ms: performance.now() - began };
    };
    const detectOff = (gray: Gray): Promise<{ found: SheetDetection; ms: number }> => {
      const w = worker;
      if (!w) return Promise.resolve(detectHere(gray));
      return new Promise((resolve) => {
        w.onmessage = (event: MessageEvent<{ found: SheetDetection; ms: number }>) => resolve(event.data);
        w.onerror = () => {
          worker = null;
          w.terminate();
          resolve(detectHere(gray));
        };
        w.postMessage(gray, [gray.data.buffer]);
      });
    };
    root.dataset.detectIn = worker ? 'worker' : 'page';
    const keep: { buffer: Uint8Array | null } = { buffer: null };
    let planeMisses = 0;
    let lastPlane: LumaPlane | null = null;
    const detectFrame = async () => {
      const vw = video.videoWidth;
      const vh = video.videoHeight;
      if (!vw || !vh || video.readyState < 2) return;
      const scale = Math.min(1, DETECT_SIDE / Math.max(vw, vh));
      const dw = Math.round(vw * scale);
      const dh = Math.round(vh * scale);
      const grabbed = performance.now();
      let gray: Gray | null = null;
      if (planeMisses < 3) {
        const plane = await readPlane(video, keep);
        if (stopped) return;
        if (plane && plane.width === vw && plane.height === vh) {
          gray = shrinkPlane(plane, dw, dh);
          lastPlane = plane;
        }
        planeMisses = gray ? 0 : planeMisses + 1;
      }
      const plane = gray ? lastPlane : null;
      if (!gray) {
        if (!small || small.canvas.width !== dw || small.canvas.height !== dh) small = canvasOf(dw, dh);
        small.drawImage(video, 0, 0, dw, dh);
        gray = lumaOf(small.getImageData(0, 0, dw, dh).data, dw, dh);
      }
      root.dataset.grab = planeMisses < 3 ? 'plane' : 'canvas';
      const began = performance.now();
      grabTotal += began - grabbed;
      const { found, ms } = await detectOff(gray);
      if (stopped) return;
      const now = performance.now();
      detectTotal += ms;
      detections += 1;
      lastFound.current = { found, scale };
      frameTimes.push(now);
      while (frameTimes.length > 0 && frameTimes[0] < now - 2000) frameTimes.shift();
      const span = frameTimes.length > 1 ? (frameTimes.at(-1)! - frameTimes[0]) / 1000 : 0;
      root.dataset.fps = span > 0.5 ? ((frameTimes.length - 1) / span).toFixed(1) : '0';
      root.dataset.detectMs = (detectTotal / detections).toFixed(1);
      root.dataset.grabMs = (grabTotal / detections).toFixed(1);
      root.dataset.frame = `${dw}x${dh}`;
      root.dataset.video = `${vw}x${vh}`;
      root.dataset.detected = found.corners ? '1' : '0';
      if (found.corners && !root.dataset.firstSeen) root.dataset.firstSeen = String(now);
      const outline = outlineRef.current;
      svgRef.current?.setAttribute('viewBox', `0 0 ${vw} ${vh}`);
      if (outline) {
        if (found.corners) {
          const c = found.corners;
          outline.setAttribute('points', [c.tl, c.tr, c.br, c.bl].map((p) => `${(p.x / scale).toFixed(1)},${(p.y / scale).toFixed(1)}`).join(' '));
          outline.style.display = '';
        } else outline.style.display = 'none';
      }
      if (!autoRef.current) {
        outline?.setAttribute('data-state', found.corners ? 'manual' : 'searching');
        return show(found.corners ? 'manual' : 'searching');
      }
      const state = trigger.update(now, found.corners, found.sharpness);
      outline?.setAttribute('data-state', state);
      const since = trigger.steadySince;
      if (since !== null) root.dataset.steadySince = String(since);
      root.dataset.state = state;
      if (state === 'capture') {
        root.dataset.captureDelay = String(Math.round(now - (trigger.restedAt ?? now)));
        void captureRef.current('auto', plane ?? undefined);
        return show('taken');
      }
      show(state);
    };

    type FrameVideo = HTMLVideoElement & { requestVideoFrameCallback?: (cb: (at: number, meta: { presentedFrames: number }) => void) => number; cancelVideoFrameCallback?: (id: number) => void };
    const v = video as FrameVideo;
    let watchdog: ReturnType<typeof setTimeout> | null = null;
    const cancel = () => {
      if (v.cancelVideoFrameCallback) v.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
      if (watchdog !== null) clearTimeout(watchdog);
      watchdog = null;
    };
    // One detection per new video frame, the next frame's call-back asked for before this frame is
    // measured (a frame arriving meanwhile is measured right after: no frame interval is lost
    // waiting); should the browser stop calling back (some headless or power-saving modes do), a
    // timer keeps looking four times a second.
    const next = () => {
      if (stopped) return;
      cancel();
      handle = v.requestVideoFrameCallback ? v.requestVideoFrameCallback(tick) : requestAnimationFrame(tick);
      watchdog = setTimeout(tick, 250);
    };
    let measuring = false;
    let frameWaiting = false;
    const measure = () => {
      measuring = true;
      void detectFrame()
        .catch(() => {})
        .finally(() => {
          measuring = false;
          if (frameWaiting && !stopped) {
            frameWaiting = false;
            measure();
          }
        });
    };
    const tick = (_at?: number, meta?: { presentedFrames?: number }) => {
      // The camera's own frame rate (frames the page was given), beside the detections made.
      if (meta?.presentedFrames !== undefined) {
        presented.push(performance.now(), meta.presentedFrames);
        while (presented.length > 2 && presented[0] < performance.now() - 2000) presented.splice(0, 2);
        const seconds = (presented[presented.length - 2] - presented[0]) / 1000;
        if (seconds > 0.5) root.dataset.videoFps = ((presented[presented.length - 1] - presented[1]) / seconds).toFixed(1);
      }
      next();
      if (measuring) frameWaiting = true;
      else measure();
    };

    const start = async () => {
      if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) return setError(tRef.current('capture.error.insecure'));
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 3264 }, height: { ideal: 2448 } } });
      } catch (failure) {
        const name = failure instanceof DOMException ? failure.name : '';
        if (name === 'NotAllowedError' || name === 'SecurityError') return setError(tRef.current('capture.error.denied'));
        if (name === 'NotFoundError' || name === 'OverconstrainedError') return setError(tRef.current('capture.error.noCamera'));
        // The browser's own text is never shown (it is in the browser's language, not the user's).
        if (name === 'NotReadableError') return setError(tRef.current('capture.error.busy'));
        return setError(tRef.current('capture.error.camera'));
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      video.srcObject = stream;
      await video.play().catch(() => {});
      root.dataset.camera = 'on';
      show('searching');
      next();
    };
    void start();
    return () => {
      stopped = true;
      cancel();
      worker?.terminate();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const shown: ShownSheet[] = [...items].reverse().map((item) => ({ item, status: statuses.get(item.key) }));
  const big = shown.find((x) => x.item.key === chosen) ?? shown[0];
  const pending = items.filter(isPending).length;
  // The latest result's time, for the browser test's figure (docs/scan-batches.md "Figures").
  const resultAt = shown[0]?.status?.result ? shown[0].status.at : null;

  return (
    <div ref={rootRef} data-testid="capture-page" data-shutters="0" data-result-wall={resultAt ?? undefined} className="fixed inset-0 z-[60] flex flex-col bg-black text-white select-none" onPointerDown={() => unlockAudio(audio)}>
      <header className="flex items-center gap-2 px-2 pt-[max(env(safe-area-inset-top),0.5rem)] pb-2">
        <Link to={`/cards/scan/${guid}`} data-testid="capture-back" aria-label={t('capture.back')} className="flex size-11 items-center justify-center rounded-full hover:bg-white/10">
          <ArrowLeftIcon className="size-6" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-medium">{t('capture.title')}</p>
          <p className="truncate text-xs text-white/70">{info.data?.title ?? ''}</p>
        </div>
        <p className="shrink-0 text-xs text-white/80 tabular-nums" data-testid="capture-counts">
          {t('capture.counts', { taken: items.length, pending })}
        </p>
      </header>

      <div className="relative min-h-0 flex-1 overflow-hidden bg-neutral-900">
        <video ref={videoRef} data-testid="capture-video" className="absolute inset-0 h-full w-full object-contain" muted playsInline autoPlay />
        <svg ref={svgRef} className="pointer-events-none absolute inset-0 h-full w-full" preserveAspectRatio="xMidYMid meet" viewBox="0 0 640 480">
          <polygon
            ref={outlineRef}
            data-testid="capture-outline"
            style={{ display: 'none' }}
            className="fill-emerald-400/15 stroke-amber-300 data-[state=blurred]:stroke-orange-500 data-[state=capture]:stroke-emerald-400 data-[state=holding]:stroke-sky-300 data-[state=taken]:stroke-emerald-400"
            strokeWidth={6}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
          />
        </svg>
        {flash > 0 && <div key={flash} className="capture-flash pointer-events-none absolute inset-0 bg-white" />}
        <p data-testid="capture-hint" data-hint={hint} className="absolute inset-x-0 top-3 mx-auto w-fit max-w-[92%] rounded-full bg-black/65 px-4 py-2 text-center text-sm leading-snug">
          {error ?? t(`capture.hint.${hint}`)}
        </p>
        {error && (
          <p data-testid="capture-error" className="sr-only">
            {error}
          </p>
        )}
      </div>

      <footer className="flex flex-col gap-3 bg-neutral-950 px-4 pt-3 pb-[max(env(safe-area-inset-bottom),1rem)]">
        <SheetCard sheet={big} onRetry={retry} onRemove={remove} />
        <SheetChips sheets={shown.filter((x) => x !== big)} chosen={chosen} onChoose={(key) => setChosen((now) => (now === key ? null : key))} />
        {!durable && (
          <p className="text-xs text-amber-300" data-testid="capture-not-kept">
            {t('capture.notKept')}
          </p>
        )}
        <div className="grid grid-cols-3 items-center">
          <button
            type="button"
            data-testid="capture-auto"
            aria-pressed={auto}
            onClick={() => setAuto((a) => saveAuto(!a))}
            className={`justify-self-start rounded-full border px-3 py-3 text-sm font-medium ${auto ? 'border-emerald-400 bg-emerald-400/15 text-emerald-300' : 'border-white/40 text-white/80'}`}
          >
            {t(auto ? 'capture.autoOn' : 'capture.autoOff')}
          </button>
          <button
            type="button"
            data-testid="capture-shutter"
            aria-label={t('capture.shutter')}
            disabled={error !== null || hint === 'starting'}
            onClick={() => void capture('manual')}
            className="size-20 justify-self-center rounded-full border-4 border-white bg-white/90 shadow-lg transition-transform active:scale-90 disabled:opacity-40"
          />
          <Link to={`/cards/scan/${guid}?tab=results`} data-testid="capture-results" className="flex flex-col items-center justify-self-end rounded-lg px-3 py-2 text-xs text-white/85 hover:bg-white/10">
            <ListChecksIcon className="size-6" />
            {t('capture.results')}
          </Link>
        </div>
      </footer>
    </div>
  );
}
