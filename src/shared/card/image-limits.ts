import type { MessageKey } from '../i18n/tw';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PX } from '../limits';

// The editor image limits (page-editor.md §5), checked by the browser before uploading and again
// by the server on the bytes it received: one rule, one message.

export const IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Null when the image may be uploaded; otherwise the alert to show. */
export function imageLimitProblem(image: { bytes: number; width: number; height: number }): MessageKey | null {
  if (image.width < 1 || image.height < 1) return 'editor.image.notImage';
  if (image.bytes > IMAGE_MAX_BYTES || image.width > IMAGE_MAX_PX || image.height > IMAGE_MAX_PX) return 'editor.image.overLimit';
  return null;
}
