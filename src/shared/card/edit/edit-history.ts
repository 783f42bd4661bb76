import type { PageComponents } from '../page-blocks';

// The editor's state as a pure reducer: the page being edited, the selection and the undo/redo
// stacks. Every committed change pushes the previous page; undo and redo swap them back.

export const HISTORY_LIMIT = 100;

export interface EditState {
  components: PageComponents;
  selectedId: string | null;
  past: PageComponents[];
  future: PageComponents[];
  /** Bumped on every change, so the canvas knows what to check after it rendered. */
  revision: number;
}

export type EditAction =
  | { type: 'load'; components: PageComponents }
  | { type: 'commit'; components: PageComponents; selectId?: string | null }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Takes back the last commit for good (a layout guard refused it): nothing to redo. */
  | { type: 'revert' };

export const initialEditState = (components: PageComponents): EditState => ({ components, selectedId: null, past: [], future: [], revision: 0 });

export function editReducer(state: EditState, action: EditAction): EditState {
  switch (action.type) {
    case 'load':
      return initialEditState(action.components);
    case 'select':
      return { ...state, selectedId: action.id };
    case 'commit':
      return {
        components: action.components,
        selectedId: action.selectId === undefined ? state.selectedId : action.selectId,
        past: [...state.past, state.components].slice(-HISTORY_LIMIT),
        future: [],
        revision: state.revision + 1,
      };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, components: previous, past: state.past.slice(0, -1), future: [state.components, ...state.future], revision: state.revision + 1 };
    }
    case 'revert': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, components: previous, past: state.past.slice(0, -1), revision: state.revision + 1 };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, components: next, past: [...state.past, state.components], future: rest, revision: state.revision + 1 };
    }
  }
}
