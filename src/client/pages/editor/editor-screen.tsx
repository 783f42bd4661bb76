import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BLOCK_ID_ATTR } from '../../../shared/card/render/render-env';
import { showAlert } from '../../feedback/alert-store';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/locale-context';
import { DialogHost } from './dialog-host';
import { EditorCanvas } from './editor-canvas';
import { EditorTopBar } from './editor-top-bar';
import { ElementToolbar } from './element-toolbar';
import { HelpDialog } from './help-dialog';
import { PageList } from './page-list';
import { LAYER_MIME, LayersPanel } from './layers-panel';
import { PALETTE_MIME, PalettePanel } from './palette-panel';
import { useEditStore } from './store/use-edit-store';
import { locate } from '../../../shared/card/edit/block-tree';
import { useContentEdits } from './store/use-content-edits';
import { useEditorActions } from './store/use-editor-actions';
import { useEditorPage } from './store/use-editor-page';
import { usePageList } from './store/use-page-list';
import { useQuickBuild } from './store/use-quick-build';
import { useTextFit } from './store/use-text-fit';
import { QuickBuildDialog } from './quick-build-dialog';
import { baseRoom, baseUsedPercent } from './base-room';
import { QUESTION_ROW_PX } from '../../../shared/card/render/render-constants';
import { TextOverlay } from './text-overlay';
import { useDisplayAssets } from './use-display-assets';
import { usePageSession, type DocKind, type LoadedPage } from './store/use-page-session';
import { LeaveGuard, useUndoKeys } from './leave-guard';
import { useBlockKeys } from './use-block-keys';
import { useCapacityStore } from './store/capacity';
import { useStableHandlers } from './use-stable-handlers';
import { EDITOR_ROOT_CLASS, PointerShield } from './pointer-shield';

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
  const quick = useQuickBuild(store, scope);
  const editorPage = useEditorPage(store, session, scope, { pages: quick.pendingPages, clear: quick.clearPending });
  const capacity = useCapacityStore();
  const { loaded, setLoaded, dirty, open, save, goTo, renumber, afterRender } = editorPage;
  const pageList = usePageList(guid, kind, editorPage);
  const [search, setSearch] = useSearchParams();
  const actions = useEditorActions(store, loaded?.schoolName ?? '', cellRoom);
  const { state } = store;
  const textFit = useTextFit(store);
  const content = useContentEdits(store, guid, kind, (asset) => setLoaded((l) => (l ? { ...l, assets: [...l.assets, asset] } : l)), textFit.request);
  const shownAssets = useDisplayAssets(loaded?.assets ?? NO_ASSETS);

  useUndoKeys(store.undo, store.redo);
  useBlockKeys(state.components, state.selectedId, actions.structure);

  // Loads the page of the URL (?page=, else 1) once per card; later pages load through the paginator.
  const openCard = useEffectEvent((cardGuid: string) => {
    if (!cardGuid) void showAlert(t('editor.noGuid')).then(() => navigate('/cards/lists'));
    else void open(Math.max(1, Math.floor(Number(search.get('page'))) || 1));
  });
  useEffect(() => openCard(guid), [guid]);

  /** Question rows (21 px) that fit in the base's free room plus the room the block itself takes. */
  const rowsLeftFor = (id: string) => {
    const el = scope.current?.querySelector<HTMLElement>(`[${BLOCK_ID_ATTR}="${CSS.escape(id)}"]`);
    const room = scope.current ? baseRoom(scope.current, loaded?.page ?? 1) : 0;
    return Math.floor((room + (el?.offsetHeight ?? 0)) / (QUESTION_ROW_PX + 1));
  };

  // The page shown is in the URL, so a reload returns to it (issue 15, part 3).
  useEffect(() => {
    if (loaded && search.get('page') !== String(loaded.page)) setSearch({ page: String(loaded.page) }, { replace: true });
  }, [loaded, search, setSearch]);

  /** The height of the area a block sits in: the limit of the height dialogs. */
  const roomFor = (id: string) => {
    const el = scope.current?.querySelector(`[${BLOCK_ID_ATTR}="${CSS.escape(id)}"]`);
    const area = el?.parentElement?.closest<HTMLElement>('.acs-split-cell, .acs-free-area, .acs-base');
    return area?.clientHeight ?? 765;
  };

  // The panels are memoised: with handlers of stable identity, an edit or a selection re-renders
  // only those whose own props changed.
  const topBarHandlers = useStableHandlers({
    onOutlines: () => setOutlines((o) => !o),
    onRenumber: () => void renumber(),
    onSave: () => void save(),
    onUndo: store.undo,
    onRedo: store.redo,
    onHelp: () => setHelp(true),
    onQuickBuild: () => quick.start(loaded?.page ?? 1),
    onPage: (n: number) => void goTo(n),
  });
  const pageListHandlers = useStableHandlers({
    onOpen: (n: number) => void goTo(n),
    onAdd: () => void pageList.add(),
    onMove: (n: number, to: number) => void pageList.move(n, to),
    onDelete: (n: number) => void pageList.remove(n),
  });
  const paletteHandlers = useStableHandlers({ onPlace: actions.place });

  const header = state.components.blocks.find((b) => b.kind === 'header');
  const base = state.components.blocks.find((b) => b.kind === 'firstBase' || b.kind === 'otherBase');
  const emptyBase = !base || base.children.length === 0;
  // The new page after the last stored one is offered once the current last page has been saved.
  // The pager always includes the page shown, even a new one not yet saved.
  const pages = loaded ? Math.max(loaded.page, loaded.pages + (loaded.page === loaded.pages && !dirty && loaded.stored ? 1 : 0)) : 1;
  const newUntouched = !!loaded && !loaded.stored && !dirty;

  return (
    <div className={`relative -m-4 flex h-[calc(100vh-4rem)] flex-col sm:-m-6 ${EDITOR_ROOT_CLASS}`} data-testid="editor" data-page={loaded?.page}>
      <EditorTopBar
        page={loaded?.page ?? 1}
        pages={pages}
        outlines={outlines}
        canUndo={state.past.length > 0}
        canRedo={state.future.length > 0}
        withHelp={kind === 'template'}
        {...topBarHandlers}
      />
      <PageList
        page={loaded?.page ?? 1}
        stored={loaded?.pages ?? 1}
        canAdd={!!loaded && !newUntouched}
        busy={!!session.busy || pageList.busy}
        {...pageListHandlers}
        pendingPages={quick.pendingPages.length}
        capacity={capacity}
      />
      <div className="flex min-h-0 flex-1">
        <PalettePanel page={loaded?.page ?? 1} imageTextBlocks={loaded?.imageTextBlocks ?? true} onPlace={paletteHandlers.onPlace} />
        <div className="flex min-w-0 flex-1 flex-col">
          <ElementToolbar
            components={state.components}
            selectedId={state.selectedId}
            itemId={itemId}
            onStructure={actions.structure}
            onTool={(tool, id) => {
              const el = scope.current?.querySelector<HTMLElement>(`[${BLOCK_ID_ATTR}="${CSS.escape(id)}"]`);
              if (tool === 'image') void content.replaceImage(id, 0);
              else if (tool === 'text') {
                if (el) content.startText(id, el, { field: 'content' });
              }
              else actions.setDialog({ name: tool, id, fresh: false, itemId: itemId ?? undefined });
            }}
          />
          {loaded && emptyBase && (
            <div className="flex items-center gap-3 border-b bg-primary/5 px-4 py-2 text-sm" data-testid="quick-build-empty">
              {t('editor.quick.empty')}
              <Button size="sm" onClick={() => quick.start(loaded.page)} data-testid="quick-build-empty-open">
                {t('editor.quick.open')}
              </Button>
            </div>
          )}
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
              onRendered={(canvas) => {
                afterRender(canvas);
                textFit.afterRender(canvas);
                capacity.set(baseUsedPercent(canvas, loaded.page));
              }}
            />
          )}
        </div>
        <LayersPanel components={state.components} startNumber={loaded?.startNumber ?? 1} selectedId={state.selectedId} onSelect={store.select} onMove={actions.moveOnto} />
      </div>
      <DialogHost request={actions.dialog} store={store} page={loaded?.page ?? 1} roomFor={roomFor} rowsLeftFor={rowsLeftFor} onDone={() => actions.setDialog(null)} />
      <QuickBuildDialog
        open={quick.room !== null}
        room={quick.room ?? 0}
        onClose={quick.close}
        onConfirm={(plan) => loaded && quick.confirm(plan, loaded.page, loaded.page >= loaded.pages)}
      />
      <HelpDialog open={help} onClose={() => setHelp(false)} />
      <LeaveGuard dirty={dirty} />
      {content.editing && <TextOverlay editing={content.editing} onDone={content.finishText} />}
      {session.busy && (
        <div className="fixed inset-0 z-50 grid place-items-center bg-black/30" data-testid={`editor-${session.busy}`}>
          <div className="rounded-lg bg-background px-8 py-5 shadow-lg">{t(session.busy === 'loading' ? 'editor.loading' : 'editor.saving')}</div>
        </div>
      )}
      <PointerShield />
    </div>
  );
}

export const CardEditorPage = () => <EditorScreen kind="card" />;
export const TemplateEditorPage = () => <EditorScreen kind="template" />;
