// The side menu's four display modes (spec §2 Shell): the menu icon cycles them by click count
// modulo 4, and the window width overrides them: a narrow window always uses the mobile overlay.
export const MENU_MODES = ['default', 'sub-hidden', 'hidden', 'mobile'] as const;
export type MenuMode = (typeof MENU_MODES)[number];

/** Below this width (Tailwind's `md`) the menu is an overlay opened by the menu icon. */
export const NARROW_MAX_PX = 767;

export interface MenuState {
  /** Menu-icon clicks on a wide window. */
  clicks: number;
  /** Whether the overlay is open on a narrow window. */
  narrowOpen: boolean;
}

export interface MenuView {
  mode: MenuMode;
  /** The menu floats over the page (with a backdrop) instead of taking a column. */
  overlayOpen: boolean;
}

export const INITIAL_MENU: MenuState = { clicks: 0, narrowOpen: false };

export function isNarrow(width: number): boolean {
  return width <= NARROW_MAX_PX;
}

export function menuView(state: MenuState, width: number): MenuView {
  if (isNarrow(width)) return { mode: 'mobile', overlayOpen: state.narrowOpen };
  const mode = MENU_MODES[state.clicks % MENU_MODES.length];
  return { mode, overlayOpen: mode === 'mobile' };
}

/** A click on the menu icon (or the overlay's backdrop, which counts as one). */
export function clickMenu(state: MenuState, width: number): MenuState {
  if (isNarrow(width)) return { ...state, narrowOpen: !state.narrowOpen };
  return { ...state, clicks: state.clicks + 1 };
}

/** Following a link closes the narrow overlay; wide modes stay as the user chose. */
export function afterNavigate(state: MenuState, width: number): MenuState {
  if (isNarrow(width)) return { ...state, narrowOpen: false };
  return menuView(state, width).mode === 'mobile' ? clickMenu(state, width) : state;
}
