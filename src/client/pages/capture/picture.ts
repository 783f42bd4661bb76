import { flattenPage, type Gray } from './flatten';
import { greyJpeg } from './grey-jpeg';

/**
 * The picture a capture sends (docs/scan-batches.md "Capture with a phone"): the frame flattened
 * through the homography of the sheet's marks into an A4 page at 200 dpi (or the frame itself when
 * no sheet was found), encoded as a one-channel JPEG (grey-jpeg.ts). Made in a worker
 * (picture-worker.ts), so the live view does not pause for it; on the page's thread where no worker starts.
 */
export interface PictureJob {
  frame: Gray;
  toFrame: readonly number[] | null;
}
export interface Picture {
  jpeg: Uint8Array<ArrayBuffer>;
  flattenMs: number;
  encodeMs: number;
}

export function flattenPicture({ frame, toFrame }: PictureJob): Picture {
  const began = performance.now();
  const page = toFrame ? flattenPage(frame, toFrame) : frame;
  const flattened = performance.now();
  const jpeg = new Uint8Array(greyJpeg(page, 85));
  return { jpeg, flattenMs: flattened - began, encodeMs: performance.now() - flattened };
}

let worker: Worker | null | undefined;

function pictureWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./picture-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  return worker;
}

/** The picture of a frame, and where it was made. One at a time (the screen takes one capture at a time). */
export function makePicture(job: PictureJob): Promise<Picture & { where: 'worker' | 'page' }> {
  const w = pictureWorker();
  if (!w) return Promise.resolve({ ...flattenPicture(job), where: 'page' });
  return new Promise((resolve) => {
    w.onmessage = (event: MessageEvent<Picture>) => resolve({ ...event.data, where: 'worker' });
    w.onerror = () => {
      worker = null;
      w.terminate();
      resolve({ ...flattenPicture(job), where: 'page' });
    };
    // The frame is copied, not handed over: should the worker fail, the page still has it.
    w.postMessage(job);
  });
}
