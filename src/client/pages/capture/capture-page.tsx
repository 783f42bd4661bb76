import { ArrowLeftIcon, ListChecksIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n/locale-context';
import { trpc } from '../../trpc/trpc';
import { uploadScan } from '../scan/upload-scan';
import { CaptureTrigger, type TriggerState } from './capture-trigger';
import { captureResult, type CaptureResult } from './capture-result';
import { detectSheet, NO_SHEET, scaleHomography, type SheetDetection } from './detect';
import { flattenPage, lumaOf, planeGray, rgbaOf, shrinkPlane, type Gray, type LumaPlane } from './flatten';
import { UploadQueue, type Upload } from './upload-queue';

/** Live detection runs on frames scaled to this long side (640 × 480). */
const DETECT_SIDE = 640;
const POLL_MS = 700;
type Hint = TriggerState | 'starting' | 'manual';
type Shown = Upload & { result: CaptureResult | null };

/** Browsers let a page sound only after a touch: the first touch on the screen opens the audio, so automatic captures can beep. */
function unlockAudio(audio: { current: AudioContext | null }): void {
  try {
    audio.current ??= new AudioContext();
    void audio.current.resume();
  } catch {
    // No audio on this device.
  }
}

/** A short beep through WebAudio (no sound file to load), and a buzz where the phone has one. */
function shutterFeedback(audio: { current: AudioContext | null }): void {
  navigator.vibrate?.(60);
  try {
    // Only once a touch opened the audio (unlockAudio): creating it here would not sound anyway, and takes seconds in some browsers.
    const context = audio.current;
    if (!context) return;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 1320;
    gain.gain.setValueAtTime(0.25, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.12);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.13);
  } catch {
    // No audio on this device: the flash and the buzz remain.
  }
}

function canvasOf(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d canvas');
  return context;
}

const PLANAR = new Set(['I420', 'I420A', 'I422', 'I444', 'NV12']);

/**
 * The video's current frame's luma plane, copied straight from the camera's buffer (WebCodecs
 * `VideoFrame`): no colour conversion, no canvas — drawing a 3 MP frame into a canvas and reading
 * it back costs a phone (and headless Chromium) hundreds of milliseconds. Null where the browser
 * cannot give it (no WebCodecs, an RGB frame): the canvas path then.
 */
async function readPlane(video: HTMLVideoElement, keep: { buffer: Uint8Array | null }): Promise<LumaPlane | null> {
  if (typeof VideoFrame === 'undefined') return null;
  let frame: VideoFrame | undefined;
  try {
    frame = new VideoFrame(video);
    if (!frame.format || !PLANAR.has(frame.format)) return null;
    const size = frame.allocationSize();
    if (!keep.buffer || keep.buffer.length < size) keep.buffer = new Uint8Array(size);
    const layout = await frame.copyTo(keep.buffer);
    const rect = frame.visibleRect;
    return { data: keep.buffer, offset: layout[0].offset, stride: layout[0].stride, width: rect?.width ?? frame.codedWidth, height: rect?.height ?? frame.codedHeight };
  } catch {
    return null;
  } finally {
    frame?.close();
  }
}

/** The video's current frame at its own resolution, in grey. */
async function grabFrame(video: HTMLVideoElement): Promise<Gray> {
  const plane = await readPlane(video, { buffer: null });
  if (plane && plane.width === video.videoWidth && plane.height === video.videoHeight) return planeGray(plane);
  const context = canvasOf(video.videoWidth, video.videoHeight);
  context.drawImage(video, 0, 0);
  return lumaOf(context.getImageData(0, 0, video.videoWidth, video.videoHeight).data, video.videoWidth, video.videoHeight);
}

function jpegOf(gray: Gray): Promise<Blob> {
  const context = canvasOf(gray.width, gray.height);
  context.putImageData(new ImageData(rgbaOf(gray), gray.width, gray.height), 0, 0);
  return new Promise((resolve, reject) => context.canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no JPEG'))), 'image/jpeg', 0.85));
}

const stamp = (d: Date) => `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}-${d.toTimeString().slice(0, 8).replaceAll(':', '')}`;

/**
 * /cards/capture/:guid — grade with a phone (docs/scan-batches.md "Capture with a phone"): the rear
 * camera's preview, the sheet found live on 640 × 480 grey frames with its outline drawn, a picture
 * taken by itself once the sheet is still and sharp (or by the shutter button), flattened to an A4
 * page and uploaded in the background as a one-page batch while the next sheet is framed; each
 * sheet's student and score appear as soon as the worker has read it.
 */
export function CapturePage() {
  const t = useT();
  const { guid = '' } = useParams();
  const info = trpc.cards.info.useQuery({ guid }, { enabled: guid !== '' });
  const utils = trpc.useUtils();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const outlineRef = useRef<SVGPolygonElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const audio = useRef<AudioContext | null>(null);
  const [hint, setHint] = useState<Hint>('starting');
  const [error, setError] = useState<string | null>(null);
  const [auto, setAuto] = useState(true);
  const autoRef = useRef(auto);
  autoRef.current = auto;
  const [flash, setFlash] = useState(0);
  const [items, setItems] = useState<readonly Upload[]>([]);
  const [results, setResults] = useState<ReadonlyMap<number, CaptureResult>>(new Map());
  const lastFound = useRef<{ found: SheetDetection; scale: number }>({ found: NO_SHEET, scale: 1 });
  const busy = useRef(false);
  const triggerRef = useRef<CaptureTrigger | null>(null);
  const taken = useRef(0);
  const tRef = useRef(t);
  tRef.current = t;

  const queueRef = useRef<UploadQueue | null>(null);
  queueRef.current ??= new UploadQueue(async (file, name) => {
    const answer = await uploadScan(guid, new File([file], name, { type: 'image/jpeg' }), () => {}, true);
    return 'batchId' in answer ? answer : { error: answer.error, status: answer.status };
  }, setItems);
  const queue = queueRef.current;

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
        const page = found.toFrame ? flattenPage(frame, scaleHomography(found.toFrame, 1 / scale)) : frame;
        const flattened = performance.now();
        const file = await jpegOf(page);
        root.dataset.captureSteps = `frame ${Math.round(copied - started)} ms, beep ${Math.round(fed - copied)} ms, flatten ${Math.round(flattened - fed)} ms, jpeg ${Math.round(performance.now() - flattened)} ms, ${Math.round(file.size / 1024)} kB`;
        queue.add(file, `capture-${stamp(new Date())}-${taken.current}.jpg`);
        root.dataset.encodeMs = String(Math.round(performance.now() - started));
      } finally {
        busy.current = false;
      }
    },
    [queue],
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
        return setError(tRef.current('capture.error.camera', { message: failure instanceof Error ? failure.message : String(failure) }));
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      video.srcObject = stream;
      await video.play().catch(() => {});
      root.dataset.camera = 'on';
      show('searching');
      next();
    };
    void start();
    const online = () => queue.retryNow();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      cancel();
      worker?.terminate();
      stream?.getTracks().forEach((track) => track.stop());
      window.removeEventListener('online', online);
    };
  }, [queue]);

  useEffect(() => () => queue.stop(), [queue]);

  // Each uploaded sheet's batch is polled until it is read; then its student and score are shown.
  const polling = useRef(new Set<number>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const calls = {
      batch: (batchId: number) => utils.client.scan.batch.query({ batch_id: batchId }),
      results: (g: string, grade: number, klass: number) => utils.client.scores.results.query({ guid: g, grade, class: klass }),
    };
    for (const item of items) {
      if (item.batchId === null || polling.current.has(item.id)) continue;
      polling.current.add(item.id);
      const batchId = item.batchId;
      const poll = async (): Promise<void> => {
        if (!mounted.current) return;
        // A call without an answer (the network is down) is simply asked again.
        const result = await captureResult(calls, guid, batchId).catch(() => null);
        if (!result) return void setTimeout(() => void poll(), POLL_MS);
        setResults((now) => new Map(now).set(item.id, result));
        const root = rootRef.current;
        if (root) root.dataset.resultAt = String(performance.now());
      };
      void poll();
    }
  }, [items, guid, utils]);

  const shown: Shown[] = [...items].reverse().map((x) => ({ ...x, result: results.get(x.id) ?? null }));
  const latest = shown[0];
  const pending = items.filter((x) => x.state === 'waiting' || x.state === 'sending' || x.state === 'retrying').length;

  return (
    <div ref={rootRef} data-testid="capture-page" data-shutters="0" className="fixed inset-0 z-[60] flex flex-col bg-black text-white select-none" onPointerDown={() => unlockAudio(audio)}>
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
        <LatestSheet item={latest} />
        {shown.length > 1 && (
          <ol className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" data-testid="capture-queue">
            {shown.slice(1, 30).map((x) => (
              <li key={x.id} data-testid={`capture-item-${x.id}`} data-state={x.result ? 'read' : x.state} className="shrink-0 rounded-md bg-white/10 px-2.5 py-1.5 text-xs">
                <span className="me-1.5 text-white/60 tabular-nums">#{x.id}</span>
                <ItemLine item={x} short />
              </li>
            ))}
          </ol>
        )}
        <div className="grid grid-cols-3 items-center">
          <button
            type="button"
            data-testid="capture-auto"
            aria-pressed={auto}
            onClick={() => setAuto((a) => !a)}
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

/** The last sheet captured, big: the student and the score, or where its upload stands. */
function LatestSheet({ item }: { item: Shown | undefined }) {
  const t = useT();
  if (!item) return <p className="min-h-16 rounded-lg bg-white/5 p-3 text-sm text-white/60" data-testid="capture-latest">{t('capture.empty')}</p>;
  const r = item.result;
  return (
    <div className="flex min-h-16 items-center gap-3 rounded-lg bg-white/10 p-3" data-testid="capture-latest" data-state={r ? 'read' : item.state}>
      <span className="text-sm text-white/60 tabular-nums">#{item.id}</span>
      {r?.kind === 'student' ? (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-semibold" data-testid="capture-latest-name">{r.name}</p>
            <p className="truncate text-xs text-white/70">
              {t('capture.seat', { grade: r.grade, class: r.class, seat: r.seat })}
              {r.toCheck > 0 && <span className="ms-2 text-amber-300">{t('capture.toCheck', { count: r.toCheck })}</span>}
            </p>
          </div>
          <p className="shrink-0 text-2xl font-bold tabular-nums" data-testid="capture-latest-score">
            {r.score !== null ? t('capture.score', { score: r.score, max: r.max }) : <span className="text-sm font-normal text-white/70">{t('capture.noKey')}</span>}
          </p>
        </>
      ) : (
        <p className="min-w-0 flex-1 text-base" data-testid="capture-latest-state">
          <ItemLine item={item} />
        </p>
      )}
    </div>
  );
}

function ItemLine({ item, short = false }: { item: Shown; short?: boolean }) {
  const t = useT();
  const r = item.result;
  if (r?.kind === 'student') return <span>{r.name}{r.score !== null ? ` · ${r.score}/${r.max}` : ''}</span>;
  if (r?.kind === 'unread') return <span className="text-amber-300">{t(`capture.unread.${r.why}`)}{!short && r.error ? `（${r.error}）` : ''}</span>;
  if (item.state === 'sent') return <span>{t('capture.state.reading')}</span>;
  if (item.state === 'refused') return <span className="text-red-300">{t('capture.state.refused')}{!short && item.error ? `：${item.error}` : ''}</span>;
  return <span className={item.state === 'retrying' ? 'text-amber-300' : ''}>{t(`capture.state.${item.state}`)}</span>;
}
