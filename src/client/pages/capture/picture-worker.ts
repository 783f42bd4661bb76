import { flattenPicture, type PictureJob } from './picture';

// The capture's picture off the page's thread (picture.ts): the frame flattened through the marks
// and encoded as a one-channel JPEG while the live view goes on.
const scope = self as unknown as { onmessage: ((event: MessageEvent<PictureJob>) => void) | null; postMessage(message: unknown, transfer: Transferable[]): void };
scope.onmessage = (event) => {
  const made = flattenPicture(event.data);
  scope.postMessage(made, [made.jpeg.buffer]);
};
