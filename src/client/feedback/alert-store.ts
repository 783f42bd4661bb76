import type { UiKey } from '../i18n/client-translate';

// Alerts are raised from outside React (the query cache's error handler), so they queue in a
// tiny external store that one dialog at the app root reads with useSyncExternalStore.
export interface PendingAlert {
  id: number;
  title: UiKey;
  message: string;
  resolve: () => void;
}

let queue: readonly PendingAlert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a modal alert (the spec's "alert"); resolves when the user closes it. */
export function showAlert(message: string, title: UiKey = 'feedback.notice'): Promise<void> {
  return new Promise((resolve) => {
    // Calls failing together (a dead session) would otherwise stack the same alert.
    const same = queue.find((a) => a.title === title && a.message === message);
    if (same) {
      const earlier = same.resolve;
      same.resolve = () => {
        earlier();
        resolve();
      };
      return;
    }
    queue = [...queue, { id: nextId++, title, message, resolve }];
    emit();
  });
}

export function closeAlert(id: number): void {
  const closing = queue.find((a) => a.id === id);
  queue = queue.filter((a) => a.id !== id);
  emit();
  closing?.resolve();
}

export function subscribeAlerts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAlert(): PendingAlert | undefined {
  return queue[0];
}
