import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { AlignCenterIcon, AlignLeftIcon, AlignRightIcon, BoldIcon, UnderlineIcon } from 'lucide-react';
import { PARAGRAPH_ALIGNS, type ParagraphAlign } from '../../../../shared/card/block-parts';
import { useEffect, useRef, type ReactNode } from 'react';
import { TEXT_RUN_SIZES_PX } from '../../../../shared/card/constants';
import { Button } from '../../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { useT } from '../../../i18n/locale-context';
import { FontSizeMark } from './font-size-mark';
import { ALIGN_ATTR, SIZE_MARK, fromDoc, toDoc, type RichText } from './rich-text-doc';
import { TextAlign } from './text-align';

interface Props {
  value: RichText;
  onChange: (value: RichText) => void;
  autoFocus?: boolean;
}

// Only what the card's rich text can hold: paragraphs and text with bold, italic (Ctrl+I),
// underline and size. Everything else StarterKit offers is off, so the schema drops it on paste.
const extensions = [
  StarterKit.configure({
    blockquote: false,
    bulletList: false,
    code: false,
    codeBlock: false,
    heading: false,
    horizontalRule: false,
    listItem: false,
    listKeymap: false,
    orderedList: false,
    strike: false,
    link: false,
    hardBreak: false,
    dropcursor: false,
    gapcursor: false,
    trailingNode: false,
  }),
  FontSizeMark,
  TextAlign,
];

const ALIGN_ICONS: Record<ParagraphAlign, ReactNode> = { left: <AlignLeftIcon />, center: <AlignCenterIcon />, right: <AlignRightIcon /> };

const DEFAULT_SIZE = 'default';

/** The block text editor (docs/editor.md): a small toolbar over a tiptap editor. */
export function RichTextEditor({ value, onChange, autoFocus }: Props) {
  // tiptap keeps the first callbacks it was given; the ref hands it the current onChange.
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions,
    content: toDoc(value),
    autofocus: autoFocus ? 'end' : false,
    immediatelyRender: true,
    editorProps: { attributes: { 'data-testid': 'rich-text', class: 'min-h-16 rounded-md border border-input px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50' } },
    onUpdate: ({ editor: e }) => changed.current(fromDoc(e.getJSON())),
  });

  // A value changed from outside (undo, another block) replaces the content; our own echo does not.
  useEffect(() => {
    if (JSON.stringify(fromDoc(editor.getJSON())) !== JSON.stringify(value)) editor.commands.setContent(toDoc(value), { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="grid gap-2">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const t = useT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      underline: e.isActive('underline'),
      size: String(e.getAttributes(SIZE_MARK).size ?? DEFAULT_SIZE),
      align: e.getAttributes('paragraph')[ALIGN_ATTR] as unknown,
    }),
  });
  // Pressing the alignment a paragraph has takes it back to its block's own.
  const setAlign = (align: ParagraphAlign) =>
    editor
      .chain()
      .focus()
      .updateAttributes('paragraph', { [ALIGN_ATTR]: state.align === align ? null : align })
      .run();
  const setSize = (size: string) => {
    const chain = editor.chain().focus();
    if (size === DEFAULT_SIZE) chain.unsetMark(SIZE_MARK).run();
    else chain.setMark(SIZE_MARK, { size: Number(size) }).run();
  };
  return (
    <div className="flex items-center gap-1" role="toolbar">
      <MarkButton active={state.bold} label={t('richText.bold')} testId="rich-text-bold" onClick={() => editor.chain().focus().toggleBold().run()}>
        <BoldIcon />
      </MarkButton>
      <MarkButton active={state.underline} label={t('richText.underline')} testId="rich-text-underline" onClick={() => editor.chain().focus().toggleUnderline().run()}>
        <UnderlineIcon />
      </MarkButton>
      {PARAGRAPH_ALIGNS.map((align) => (
        <MarkButton key={align} active={state.align === align} label={t(`richText.align.${align}`)} testId={`rich-text-align-${align}`} onClick={() => setAlign(align)}>
          {ALIGN_ICONS[align]}
        </MarkButton>
      ))}
      <Select value={state.size} onValueChange={setSize}>
        <SelectTrigger className="h-8 w-28" aria-label={t('richText.size')} data-testid="rich-text-size">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={DEFAULT_SIZE}>{t('richText.sizeDefault')}</SelectItem>
          {TEXT_RUN_SIZES_PX.map((size) => (
            <SelectItem key={size} value={String(size)} data-testid={`rich-text-size-${size}`}>
              {size}px
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

interface MarkButtonProps {
  active: boolean;
  label: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}

function MarkButton({ active, label, testId, onClick, children }: MarkButtonProps) {
  return (
    <Button type="button" size="icon" variant={active ? 'secondary' : 'ghost'} aria-pressed={active} aria-label={label} title={label} data-testid={testId} onClick={onClick}>
      {children}
    </Button>
  );
}
