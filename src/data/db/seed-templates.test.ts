import { describe, expect, it } from 'vitest';
import { ZPageComponents } from '../../shared/card/page-blocks';
import { DEMO_TEMPLATE_COMPONENTS } from './seed-templates';

describe('the seeded system template', () => {
  it('is a page the block schema accepts, as a save would require', () => {
    expect(ZPageComponents.safeParse(DEMO_TEMPLATE_COMPONENTS).success).toBe(true);
  });
});
