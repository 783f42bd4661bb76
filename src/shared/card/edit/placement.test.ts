import { describe, expect, it } from 'vitest';
import { ZPageComponents } from '../page-blocks';
import { placementFor } from './placement';

const page = ZPageComponents.parse({
  version: 1,
  blocks: [
    { id: 'h', kind: 'header' },
    {
      id: 'b',
      kind: 'firstBase',
      children: [
        { id: 'g', kind: 'questionGroup', children: [{ id: 'q1', kind: 'singleChoice', options: { type: 'en', count: 4 } }] },
        { id: 'f', kind: 'freeAnswer', children: [] },
      ],
    },
  ],
});

describe('click placement', () => {
  it('goes into the selected container, else after the selected block, else up the tree', () => {
    expect(placementFor(page, 'g', 'singleChoice')).toEqual({ ownerId: 'g', field: 'children' });
    expect(placementFor(page, 'q1', 'singleChoice')).toEqual({ ownerId: 'g', field: 'children', index: 1 });
    expect(placementFor(page, 'f', 'text')).toEqual({ ownerId: 'f', field: 'children' });
    expect(placementFor(page, 'q1', 'twoColumn')).toEqual({ ownerId: 'b', field: 'children', index: 1 });
  });

  it('falls back to the base, and refuses a second base or header', () => {
    expect(placementFor(page, null, 'freeAnswer')).toEqual({ ownerId: 'b', field: 'children' });
    expect(placementFor(page, null, 'header')).toBeNull();
    expect(placementFor(page, null, 'otherBase')).toBeNull();
    expect(placementFor({ version: 1, blocks: [] }, null, 'firstBase')).toEqual({ ownerId: '', field: 'children', index: 0 });
  });
});
