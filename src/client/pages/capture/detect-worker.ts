import { detectSheet } from './detect';

// The capture screen's detection off the page's thread (capture-page.tsx): a grey frame in, the
// detection and its time out. The page keeps the camera, the drawing and the uploads; on a busy
// phone the two threads share the cores instead of queueing on one.
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ width: number; height: number; data: Uint8Array }>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (event) => {
  const began = performance.now();
  const found = detectSheet(event.data);
  scope.postMessage({ found, ms: performance.now() - began });
};
