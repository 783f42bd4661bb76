import type { inferRouterOutputs } from '@trpc/server';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { AppRouter } from '../../../server/trpc/router';
import { trpc } from '../../trpc/trpc';
import { uploadScan } from '../scan/upload-scan';
import { nextSheetOf, type CaptureStore } from './capture-store';
import { openCaptureStore } from './idb-capture-store';
import { UploadQueue, type Send, type Upload } from './upload-queue';

/**
 * The capture screen's sheets (docs/scan-batches.md "Capture with a phone"): the upload queue kept
 * in IndexedDB and taken up again on load, each sheet numbered in the card's capture session, and
 * the server asked — one call for every sheet still waiting, every 0.25 s — where each sent sheet
 * stands until it is read: its student and score, or why it was set aside. Polled through the
 * plain client, so a lost connection is this poller's business, never the shell's (which signs
 * out on a call with no answer).
 */
/** `at`: when the phone first saw the sheet in this state; `callMs`: how long the call that told it took (the browser test's figure). */
export type SheetStatus = inferRouterOutputs<AppRouter>['scan']['captureSheets'][number] & { at: number; callMs: number };
export type CaptureResult = NonNullable<SheetStatus['result']>;

export const POLL_MS = 250;
const isFinal = (s: SheetStatus | undefined) => s !== undefined && (s.result !== null || s.state === 'missing');

export function useCaptureQueue(guid: string) {
  const utils = trpc.useUtils();
  const [items, setItems] = useState<readonly Upload[]>([]);
  const [statuses, setStatuses] = useState<ReadonlyMap<string, SheetStatus>>(new Map());
  const [durable, setDurable] = useState(true);
  const ready = useRef<Promise<{ queue: UploadQueue; store: CaptureStore }> | null>(null);

  useEffect(() => {
    const send: Send = async (file, sheet, onPercent) => {
      const answer = await uploadScan(guid, new File([file], sheet.name, { type: file.type || 'image/jpeg' }), onPercent, { capture: sheet.session });
      return 'batchId' in answer ? answer : { error: answer.error, status: answer.status };
    };
    let queue: UploadQueue | null = null;
    const opened = openCaptureStore().then((store) => {
      queue = new UploadQueue({ guid, send, store, onChange: setItems });
      setDurable(store.durable);
      void queue.resume();
      return { queue, store };
    });
    ready.current = opened;
    const online = () => queue?.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      void opened.then((q) => q.queue.stop());
    };
  }, [guid]);

  /** A captured page: numbered in the card's session, kept, queued. */
  const add = useCallback(
    async (file: Blob, capturedAt: number, nameOf: (seq: number) => string) => {
      const { queue, store } = await ready.current!;
      const sheet = await nextSheetOf(store, guid, capturedAt);
      return queue.add(file, { ...sheet, capturedAt, name: nameOf(sheet.seq) });
    },
    [guid],
  );
  const retry = useCallback((id: number) => void ready.current?.then((q) => q.queue.retry(id)), []);
  const remove = useCallback((id: number) => void ready.current?.then((q) => q.queue.remove(id)), []);

  // Every sent sheet not yet final, asked about in one call; the next call once this one is answered.
  const waiting = items.filter((x) => x.batchId !== null && !isFinal(statuses.get(x.key)));
  const ids = [...new Set(waiting.map((x) => x.batchId!))].slice(0, 100);
  const idsKey = ids.join(',');
  const record = useEffectEvent((answer: readonly Omit<SheetStatus, 'at' | 'callMs'>[], callMs: number) => {
    const byBatch = new Map(answer.map((s) => [s.batch_id, s]));
    setStatuses((now) => {
      let next: Map<string, SheetStatus> | null = null;
      for (const item of items) {
        const status = item.batchId === null ? undefined : byBatch.get(item.batchId);
        const was = now.get(item.key);
        if (status && (was?.state !== status.state || (was.result === null && status.result !== null))) (next ??= new Map(now)).set(item.key, { ...status, at: Date.now(), callMs });
      }
      // Nothing moved (most answers): the same map, so the screen does not render again.
      return next ?? now;
    });
  });
  useEffect(() => {
    if (idsKey === '') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      timer = setTimeout(() => {
        const began = performance.now();
        void utils.client.scan.captureSheets
          .query({ guid, batch_ids: idsKey.split(',').map(Number) })
          .then((answer) => !cancelled && record(answer, Math.round(performance.now() - began)))
          // A call without an answer (the network is down) is simply asked again.
          .catch(() => undefined)
          .finally(() => !cancelled && ask());
      }, POLL_MS);
    };
    ask();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [idsKey, guid, utils]);

  return { items, statuses, durable, add, retry, remove };
}
