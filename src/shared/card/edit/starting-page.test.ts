import { describe, expect, it } from 'vitest';
import { ZPageComponents } from '../page-blocks';
import { startingPage } from './starting-page';

describe('a new page opens ready', () => {
  it('page 1: header and first-page base; later pages: the other-page base; schema-valid', () => {
    expect(startingPage(1).blocks.map((b) => b.kind)).toEqual(['header', 'firstBase']);
    expect(startingPage(3).blocks.map((b) => b.kind)).toEqual(['otherBase']);
    expect(ZPageComponents.safeParse(startingPage(1)).success).toBe(true);
    expect(ZPageComponents.safeParse(startingPage(2)).success).toBe(true);
  });

  it("page 1's header starts from the card's name, not the palette's default title", () => {
    const header = startingPage(1, ' 八年級數學第二次段考 ').blocks[0];
    expect(header).toMatchObject({ kind: 'header', title: '八年級數學第二次段考' });
    expect(startingPage(1, '').blocks[0]).toMatchObject({ kind: 'header', title: '第一學期期中考' });
    expect(ZPageComponents.safeParse(startingPage(1, '名'.repeat(300))).success).toBe(true);
  });
});
