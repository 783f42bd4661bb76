import { describe, expect, it } from 'vitest';
import { ZGetPdfInput, ZPrintRequest } from './print';

const guid = '5b0c2c6e-8d7a-4a57-9a55-1f0e2b3c4d5e';

describe('print request', () => {
  it('wants a grade and at least one class, else print data selection incomplete', () => {
    for (const input of [{ guid, classes: [1] }, { guid, grade: 3, classes: [] }, { guid, grade: 3 }, { guid, grade: 0, classes: [1] }]) {
      const result = ZPrintRequest.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe('print.selectionIncomplete');
    }
  });

  it('orders by seat unless told, and takes each class once, in class order', () => {
    expect(ZPrintRequest.parse({ guid, grade: '3', classes: [7, 2, 7] })).toEqual({ guid, grade: 3, classes: [2, 7], order: 'seat', combined: false, versions: 1, version_by: 'seat' });
    expect(ZPrintRequest.parse({ guid, grade: 3, classes: [1], order: 'sort' }).order).toBe('sort');
  });

  it('reads the legacy get PDF fields as the old client sends them', () => {
    expect(ZGetPdfInput.parse({ guid, grade: '2', class: '7' })).toEqual({ guid, grade: 2, class: 7, order: 'seat', versions: 1, version_by: 'seat' });
    expect(ZGetPdfInput.parse({ guid, grade: '2', class: '7', versions: '2', version_by: 'roster' })).toMatchObject({ versions: 2, version_by: 'roster' });
    expect(ZGetPdfInput.safeParse({ guid, grade: '2', class: '7', versions: '5' }).error?.issues[0].message).toBe('print.badVersions');
  });
});
