import { describe, expect, it } from 'vitest';
import { tw } from '../i18n/tw';
import { imageLimitProblem } from './image-limits';

describe('imageLimitProblem', () => {
  it('allows up to 1 MB and 1200 × 1200 px', () => {
    expect(imageLimitProblem({ bytes: 1_000_000, width: 1200, height: 1200 })).toBeNull();
  });

  it('refuses one byte or one pixel more with the spec message', () => {
    for (const over of [{ bytes: 1_000_001, width: 10, height: 10 }, { bytes: 10, width: 1201, height: 10 }, { bytes: 10, width: 10, height: 1201 }]) {
      expect(imageLimitProblem(over)).toBe('editor.image.overLimit');
    }
    expect(tw['editor.image.overLimit']).toBe('圖片寬度上限1200px，高度上限1200px，檔案尺寸上限1MB');
    expect(imageLimitProblem({ bytes: 10, width: 0, height: 10 })).toBe('editor.image.notImage');
  });
});
