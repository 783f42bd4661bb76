import { describe, expect, it } from 'vitest';
import { activeChildId, isEntryActive, matchesPath, type MenuEntry } from './menu-active';

const cards: MenuEntry = {
  id: 2,
  name: '卷卡管理',
  redirect: '/cards',
  icon: 'file-text',
  children: [
    { id: 3, name: '卷卡列表', redirect: '/cards/lists' },
    { id: 4, name: '範本列表', redirect: '/cards/templates' },
    { id: 5, name: '列印工作', redirect: '/cards/lists/print' },
  ],
};

describe('menu highlighting', () => {
  it('matches a path and the pages below it, not a longer sibling', () => {
    expect(matchesPath('/cards/lists', '/cards/lists')).toBe(true);
    expect(matchesPath('/cards/lists', '/cards/lists/3')).toBe(true);
    expect(matchesPath('/cards/lists/', '/cards/lists')).toBe(true);
    expect(matchesPath('/cards/list', '/cards/lists')).toBe(false);
  });

  it('lights a parent when one of its children is the current page', () => {
    expect(isEntryActive(cards, '/cards/templates')).toBe(true);
    expect(isEntryActive(cards, '/client/lists')).toBe(false);
  });

  it('lights a leaf by its own redirect', () => {
    const home: MenuEntry = { id: 1, name: '首頁', redirect: '/home', icon: null, children: [] };
    expect(isEntryActive(home, '/home')).toBe(true);
    expect(isEntryActive(home, '/homework')).toBe(false);
  });

  it('highlights the most specific child only', () => {
    expect(activeChildId(cards, '/cards/lists/print')).toBe(5);
    expect(activeChildId(cards, '/cards/lists/7')).toBe(3);
    expect(activeChildId(cards, '/home')).toBeUndefined();
  });
});
