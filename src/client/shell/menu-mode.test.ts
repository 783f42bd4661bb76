import { describe, expect, it } from 'vitest';
import { afterNavigate, clickMenu, INITIAL_MENU, menuView, NARROW_MAX_PX, type MenuState } from './menu-mode';

const WIDE = 1280;
const NARROW = 600;

function clicks(n: number, width: number): MenuState {
  let state = INITIAL_MENU;
  for (let i = 0; i < n; i++) state = clickMenu(state, width);
  return state;
}

describe('side menu display modes', () => {
  it('cycles default → sub-hidden → hidden → mobile → default by click count modulo 4', () => {
    const modes = [0, 1, 2, 3, 4, 5].map((n) => menuView(clicks(n, WIDE), WIDE).mode);
    expect(modes).toEqual(['default', 'sub-hidden', 'hidden', 'mobile', 'default', 'sub-hidden']);
  });

  it('floats the menu only in the mobile mode', () => {
    expect(menuView(clicks(3, WIDE), WIDE).overlayOpen).toBe(true);
    expect(menuView(clicks(2, WIDE), WIDE).overlayOpen).toBe(false);
  });

  it('uses the mobile overlay on a narrow window whatever the clicks', () => {
    const state = clicks(1, WIDE);
    expect(menuView(state, NARROW).mode).toBe('mobile');
    expect(menuView(state, NARROW_MAX_PX + 1).mode).toBe('sub-hidden');
  });

  it('opens and closes the narrow overlay on each click', () => {
    expect(menuView(INITIAL_MENU, NARROW).overlayOpen).toBe(false);
    expect(menuView(clicks(1, NARROW), NARROW).overlayOpen).toBe(true);
    expect(menuView(clicks(2, NARROW), NARROW).overlayOpen).toBe(false);
  });

  it('closes an open overlay after navigation but keeps wide modes', () => {
    expect(menuView(afterNavigate(clicks(1, NARROW), NARROW), NARROW).overlayOpen).toBe(false);
    expect(menuView(afterNavigate(clicks(3, WIDE), WIDE), WIDE).mode).toBe('default');
    expect(afterNavigate(clicks(2, WIDE), WIDE)).toEqual(clicks(2, WIDE));
  });
});
