import { describe, expect, it } from 'vitest';
import { parseVersionCell, seatVersion, studentVersion, versionsOf } from './exam-versions';

describe('exam versions', () => {
  it('alternate along the seats', () => {
    expect([1, 2, 3, 4, 5].map((seat) => seatVersion(seat, 2))).toEqual(['A', 'B', 'A', 'B', 'A']);
    expect([1, 2, 3, 4].map((seat) => seatVersion(seat, 3))).toEqual(['A', 'B', 'C', 'A']);
    expect(versionsOf(4)).toEqual(['A', 'B', 'C', 'D']);
  });
  it("follow the roster's 卷別 only within the print's versions", () => {
    expect(studentVersion({ seat: 1, exam_version: 'B' }, 2, 'roster')).toBe('B');
    expect(studentVersion({ seat: 1, exam_version: 'C' }, 2, 'roster')).toBeNull();
    expect(studentVersion({ seat: 1, exam_version: null }, 2, 'roster')).toBeNull();
    expect(studentVersion({ seat: 2, exam_version: null }, 2, 'seat')).toBe('B');
    expect(studentVersion({ seat: 2, exam_version: 'A' }, 1, 'seat')).toBeNull();
  });
  it('reads a roster cell', () => {
    expect(['a', 'Ｂ', 'C卷', ' d 卷', '', 'E', 'AB'].map(parseVersionCell)).toEqual(['A', 'B', 'C', 'D', null, undefined, undefined]);
  });
});
