import { describe, expect, it } from 'vitest';
import { scannedTwice } from './scan-stack';

const page = (index: number, who: { student?: number; copy?: number } | null, card_page: number | null, status = 'read') => ({ index, status, student_id: who?.student ?? null, copy_no: who?.copy ?? null, card_page });

describe('stack order', () => {
  it('lists the earlier scans of a page scanned again later in the upload, whatever the order', () => {
    const pages = [page(5, { student: 1 }, 1), page(1, { student: 2 }, 2), page(2, { student: 1 }, 1), page(3, { student: 1 }, 2), page(4, { student: 2 }, 1), page(6, { student: 1 }, 1, 'review')];
    expect(scannedTwice(pages)).toEqual([2, 5]);
  });

  it('counts a blank copy by its copy number, and never blank backs, other documents or pages without an owner', () => {
    const pages = [page(1, { copy: 3 }, 1, 'unidentified'), page(2, null, null, 'blank'), page(3, null, null, 'blank'), page(4, null, null, 'wrong_card'), page(5, { copy: 3 }, 1, 'unidentified'), page(6, null, 1, 'unidentified'), page(7, null, 1, 'unidentified')];
    expect(scannedTwice(pages)).toEqual([1]);
  });
});
