import { toast } from 'sonner';
import { NOTIFY_MS } from '../../shared/limits';
import { translateUi } from '../i18n/client-translate';
import { getLocale } from '../session/session-store';

// Toasts are titled by the spec (成功 / 錯誤 / 失敗) with the server's message beneath.
// They may fire outside React, so the title is translated with the stored locale.
export function notifySuccess(message?: string): void {
  toast.success(translateUi(getLocale(), 'feedback.success'), { description: message, duration: NOTIFY_MS });
}

export function notifyError(message: string, title: 'feedback.error' | 'feedback.failure' | 'feedback.uploadError' = 'feedback.error'): void {
  // The id folds identical failures (several calls of one page) into one toast.
  toast.error(translateUi(getLocale(), title), { id: `${title}:${message}`, description: message, duration: NOTIFY_MS });
}

/** A done action that can be taken back: the toast carries 復原 (undo) while it shows. */
export function notifyUndo(message: string, onUndo: () => void): void {
  const locale = getLocale();
  toast.success(translateUi(locale, 'feedback.success'), { description: message, duration: 8000, action: { label: translateUi(locale, 'feedback.undo'), onClick: onUndo } });
}
