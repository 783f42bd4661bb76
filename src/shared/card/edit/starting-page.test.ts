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
});
