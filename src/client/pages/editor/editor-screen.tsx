import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BLOCK_ID_ATTR } from '../../../shared/card/render/render-env';
import { showAlert } from '../../feedback/alert-store';
import { useT } from '../../i18n/locale-context';
import { DialogHost } from './dialog-host';
import { EditorCanvas } from './editor-canvas';
import { EditorTopBar } from './editor-top-bar';
import { ElementToolbar } from './element-toolbar';
import { HelpDialog } from './help-dialog';
import { LAYER_MIME, LayersPanel } from './layers-panel';
import { PALETTE_MIME, PalettePanel } from './palette-panel';
import { useEditStore } from './store/use-edit-store';
import { locate } from '../../../shared/card/edit/block-tree';
import { useContentEdits } from './store/use-content-edits';
import { useEditorActions } from './store/use-editor-actions';
import { useEditorPage } from './store/use-editor-page';
import { TextOverlay } from './text-overlay';
import { useDisplayAssets } from './use-display-assets';
import { usePageSession, type DocKind, type LoadedPage } from './store/use-page-session';
import { useLeaveGuard, useUndoKeys } from './use-leave-guard';

const NO_ASSETS: LoadedPage['assets'] = [];

/** The inner size of a split cell or free-answer area a grid is placed in (null elsewhere: it keeps its default size). */
function cellRoom(ownerId: string): { width: number; height: number } | null {
  const el = document.querySelector<HTMLElement>(`[${BLOCK_ID_ATTR}="${CSS.escape(ownerId)}"]`);
  const area = el?.classList.contains('acs-split-cell') ? el : el?.querySelector<HTMLElement>(':scope > .acs-free-area');
  return area ? { width: area.clientWidth, height: area.clientHeight } : null;
}

/** The page editor for a card (/cards/content/:guid) or a template (/client/templates/content/:guid). */
export function EditorScreen({ kind }: { kind: DocKind }) {
  const t = useT();
  const navigate = useNavigate();
  const { guid = '' } = useParams();
  const store = useEditStore();
  const session = usePageSession(guid, kind);
  const [outlines, setOutlines] = useState(true);
  const [help, setHelp] = useState(false);
  const [itemId, setItemId] = useState<string | null>(null);
  const scope = useRef<HTMLDivElement>(null);
  const { loaded, setLoaded, dirty, open, save, goTo, renumber, afterRender } = useEditorPage(store, session, scope);
  const actions = useEditorActions(store, loaded?.schoolName ?? '', cellRoom);
  const { state } = store;
  const content = useContentEdits(store, guid, kind, (asset) => setLoaded((l) => (l ? { ...l, assets: [...l.assets, asset] } : l)));
  const shownAssets = useDisplayAssets(loaded?.assets ?? NO_ASSETS);

  useLeaveGuard(dirty, t('editor.leaveConfirm'));
  useUndoKeys(store.undo, store.redo);

  useEffect(() => {
    if (!guid) void showAlert(t('editor.noGuid')).then(() => navigate('/cards/lists'));
    else void open(1);
    // Loads page 1 once per card; later pages load through the paginator.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guid]);

  /** The height of the area a block sits in: the limit of the height dialogs. */
  const roomFor = (id: string) => {
    const el = scope.current?.querySelector(`[${BLOCK_ID_ATTR}="${CSS.escape(id)}"]`);
    const area = el?.parentElement?.closest<HTMLElement>('.acs-split-cell, .acs-free-area, .acs-base');
    return area?.clientHeight ?? 765;
  };

  const header = state.components.blocks.find((b) => b.kind === 'header');
  // The new page after the last stored one is offered once the current last page has been saved.
  const pages = loaded ? loaded.pages + (loaded.page === loaded.pages && !dirty && state.components.blocks.length > 0 ? 1 : 0) : 1;

  return (
    <div className="-m-4 flex h-[calc(100vh-4rem)] flex-col sm:-m-6" data-testid="editor" data-page={loaded?.page}>
      <EditorTopBar
        page={loaded?.page ?? 1}
        pages={pages}
        outlines={outlines}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        withHelp={kind === 'template'}
        onOutlines={() => setOutlines((o) => !o)}
        onRenumber={() => void renumber()}
        onSave={() => void save()}
        onUndo={store.undo}
        onRedo={store.redo}
        onHelp={() => setHelp(true)}
        onPage={(n) => void goTo(n)}
      />
      <div className="flex min-h-0 flex-1">
        <PalettePanel page={loaded?.page ?? 1} imageTextBlocks={loaded?.imageTextBlocks ?? true} onPlace={actions.place} />
        <div className="flex min-w-0 flex-1 flex-col">
          <ElementToolbar
            components={state.components}
            selectedId={state.selectedId}
            itemId={itemId}
            onStructure={actions.structure}
            onTool={(tool, id) => {
              const el = scope.current?.querySelector<HTMLElement>(`[${BLOCK_ID_ATTR}="${CSS.escape(id)}"]`);
              if (tool === 'image') void content.replaceImage(id, 0);
              else if (tool === 'text') el && content.startText(id, el, { field: 'content' });
              else actions.setDialog({ name: tool, id, fresh: false, itemId: itemId ?? undefined });
            }}
          />
          {loaded && (
            <EditorCanvas
              components={state.components}
              assets={shownAssets}
              page={loaded.page}
              startNumber={loaded.startNumber}
              schoolName={loaded.schoolName}
              selectedId={state.selectedId}
              outlines={outlines}
              headerId={header?.id}
              isBlock={(id) => !!locate(state.components, id)}
              scopeRef={scope}
              onSelect={(id, hit) => {
                store.select(id);
                setItemId(hit !== id ? hit : null);
              }}
              onDoubleClick={(id, target) => content.doubleClick(id, target) === 'title' && actions.setDialog({ name: 'title', id, fresh: false })}
              onDropAt={(target, e) => actions.dropOnCanvas(target, { paletteId: e.dataTransfer.getData(PALETTE_MIME) || undefined, layerId: e.dataTransfer.getData(LAYER_MIME) || undefined, y: e.clientY })}
              onReservedDrop={() => void showAlert(t('editor.layout.reservedRefused'))}
              onRendered={afterRender}
            />
          )}
        </div>
        <LayersPanel components={state.components} selectedId={state.selectedId} onSelect={store.select} onMove={actions.moveOnto} />
      </div>
      <DialogHost request={actions.dialog} store={store} page={loaded?.page ?? 1} roomFor={roomFor} onDone={() => actions.setDialog(null)} />
      <HelpDialog open={help} onClose={() => setHelp(false)} />
      {content.editing && <TextOverlay editing={content.editing} onDone={content.finishText} />}
      {session.busy && (
        <div className="fixed inset-0 z-50 grid place-items-center bg-black/30" data-testid={`editor-${session.busy}`}>
          <div className="rounded-lg bg-background px-8 py-5 shadow-lg">{t(session.busy === 'loading' ? 'editor.loading' : 'editor.saving')}</div>
        </div>
      )}
    </div>
  );
}

export const CardEditorPage = () => <EditorScreen kind="card" />;
export const TemplateEditorPage = () => <EditorScreen kind="template" />;
