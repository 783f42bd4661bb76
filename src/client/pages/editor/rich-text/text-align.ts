import { Extension } from '@tiptap/react';
import { ALIGN_ATTR, isParagraphAlign } from './rich-text-doc';

/**
 * A paragraph's alignment (left / centre / right; issue 15 part 6), as a paragraph attribute:
 * @tiptap/extension-text-align is not among the project's packages, and this is all of it we need.
 * It reads only its own three values back from pasted html, so a paste brings no other style.
 */
export const TextAlign = Extension.create({
  name: 'paragraphAlign',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          [ALIGN_ATTR]: {
            default: null,
            parseHTML: (el: HTMLElement) => (isParagraphAlign(el.style.textAlign) ? el.style.textAlign : null),
            renderHTML: (attrs: Record<string, unknown>) => (isParagraphAlign(attrs[ALIGN_ATTR]) ? { style: `text-align:${String(attrs[ALIGN_ATTR])}` } : {}),
          },
        },
      },
    ];
  },
});
