import { describe, expect, it } from 'vitest';
import { isUnderway, stageOf, stepIndex } from './capture-stage';
import type { Upload } from './upload-queue';
import type { SheetStatus } from './use-capture-queue';

const item = (patch: Partial<Upload>): Upload => ({ id: 1, key: 'k', session: 's', seq: 1, name: 'a.jpg', file: null, state: 'sent', attempts: 1, nextAt: null, batchId: 9, error: null, capturedAt: 0, queuedAt: 0, sentAt: 1, percent: null, resumed: false, ...patch });
const status = (patch: Partial<SheetStatus>): SheetStatus => ({ batch_id: 9, state: 'queued', result: null, at: 0, callMs: 0, ...patch });
const student = { kind: 'student' as const, name: '陳', number: 'S1', grade: 1, class: 1, seat: 1, score: 6, max: 8, keyed: true, to_check: 0 };

describe('where a captured sheet stands', () => {
  it('goes upload → queue → read → done, the bar moving along', () => {
    const stages = [stageOf(item({ state: 'sending', percent: 40 }), undefined), stageOf(item({}), undefined), stageOf(item({}), status({})), stageOf(item({}), status({ state: 'reading' })), stageOf(item({}), status({ state: 'done', result: student }))];
    expect(stages.map((s) => s.step)).toEqual(['upload', 'queue', 'queue', 'read', 'done']);
    expect(stages.map(stepIndex)).toEqual([0, 1, 1, 2, 3]);
    expect(stages.map(isUnderway)).toEqual([true, true, true, true, false]);
    expect(stages[0]).toEqual({ step: 'upload', percent: 40 });
  });

  it('says when the network is down, when the server refused it, and when the sheet is gone', () => {
    expect(stageOf(item({ state: 'retrying' }), undefined)).toEqual({ step: 'offline' });
    expect(stageOf(item({ state: 'refused', error: '上限' }), undefined)).toEqual({ step: 'refused', error: '上限' });
    expect(stepIndex({ step: 'refused', error: '' })).toBe(0);
    expect(stageOf(item({}), status({ state: 'missing' })).step).toBe('missing');
    // A sheet set aside is done: its reason is the result.
    const aside = stageOf(item({}), status({ state: 'done', result: { kind: 'unread', why: 'wrong_card', error: null } }));
    expect(aside).toEqual({ step: 'done', result: { kind: 'unread', why: 'wrong_card', error: null } });
  });
});
