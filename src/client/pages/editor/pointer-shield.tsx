// Radix's modal layers (the editor's dialogs, the app's alerts, menus, selects) set
// `pointer-events: none` on <body> while open, and a dialog also sets a custom property there to
// lock scrolling. Both are inherited, so opening or closing one restyled every element of the
// editor: some 700 to 1000 on a page of 40 questions, a good third of a dialog confirm. The editor
// declares both itself, so its elements keep their style; in exchange this shield, shown while
// <body> has `pointer-events: none`, covers the editor so that it still takes no pointer input
// meanwhile (the layer's own content is portalled to <body>, above it).

/** On the editor's root element. */
export const EDITOR_ROOT_CLASS = 'acs-editor-root';

const SHIELD_CLASS = 'acs-pointer-shield';
// The variable is react-remove-scroll-bar's (used by Radix's Dialog); nothing in the editor reads it.
const CSS = `
.${EDITOR_ROOT_CLASS} { pointer-events: auto; --removed-body-scroll-bar-size: 0px; }
.${SHIELD_CLASS} { display: none; position: absolute; inset: 0; z-index: 50; }
body[style*="pointer-events: none"] .${SHIELD_CLASS} { display: block; }
`;

/** The last child of the editor's root (which is positioned). */
export function PointerShield() {
  return (
    <>
      <style>{CSS}</style>
      <div className={SHIELD_CLASS} aria-hidden="true" data-testid="editor-pointer-shield" />
    </>
  );
}
