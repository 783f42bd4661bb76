import { Mark } from '@tiptap/react';
import { SIZE_MARK, isTextSize } from './rich-text-doc';

/**
 * A run's font size (px, from TEXT_RUN_SIZES_PX). It parses only its own `span[data-size]`, so a
 * paste from elsewhere never brings its font sizes along; out-of-menu values are dropped.
 */
export const FontSizeMark = Mark.create({
  name: SIZE_MARK,
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const size = Number(el.getAttribute('data-size'));
          return isTextSize(size) ? size : null;
        },
        renderHTML: (attrs: { size?: unknown }) => (isTextSize(attrs.size) ? { 'data-size': String(attrs.size), style: `font-size:${attrs.size}px` } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-size]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});
