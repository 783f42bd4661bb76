// The props every page-editor dialog takes (docs/editor.md): the editor owns opening, applying
// and closing; a dialog only validates and hands back a value.
export interface EditorDialogProps<T, C = undefined> {
  open: boolean;
  /** Current value; undefined for a freshly placed generator block. */
  initial: T | undefined;
  /** Dialog-specific context (limits that depend on the place, e.g. the parent cell's height). */
  context: C;
  /** Called only with a valid value; the caller applies it and closes the dialog. */
  onConfirm: (value: T) => void;
  /** Close without applying (for a generator block still empty, the editor then removes it). */
  onClose: () => void;
}
