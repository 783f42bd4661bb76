import { lumaOf, planeGray, type Gray, type LumaPlane } from './flatten';

// The capture screen's camera and feedback (docs/scan-batches.md "Capture with a phone"): the
// camera frame's grey as cheaply as the browser gives it, the shutter's beep and buzz.

/** Browsers let a page sound only after a touch: the first touch on the screen opens the audio, so automatic captures can beep. */
export function unlockAudio(audio: { current: AudioContext | null }): void {
  try {
    audio.current ??= new AudioContext();
    void audio.current.resume();
  } catch {
    // No audio on this device.
  }
}

/** A short beep through WebAudio (no sound file to load), and a buzz where the phone has one. */
export function shutterFeedback(audio: { current: AudioContext | null }): void {
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

export function canvasOf(width: number, height: number): CanvasRenderingContext2D {
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
export async function readPlane(video: HTMLVideoElement, keep: { buffer: Uint8Array | null }): Promise<LumaPlane | null> {
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
export async function grabFrame(video: HTMLVideoElement): Promise<Gray> {
  const plane = await readPlane(video, { buffer: null });
  if (plane && plane.width === video.videoWidth && plane.height === video.videoHeight) return planeGray(plane);
  const context = canvasOf(video.videoWidth, video.videoHeight);
  context.drawImage(video, 0, 0);
  return lumaOf(context.getImageData(0, 0, video.videoWidth, video.videoHeight).data, video.videoWidth, video.videoHeight);
}

export const stamp = (d: Date) => `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}-${d.toTimeString().slice(0, 8).replaceAll(':', '')}`;

