// Runs inside the rendered card (page.evaluate): the layout facts the renderer promises, in CSS px.

export interface Overflow {
  what: string;
  scrollHeight: number;
  clientHeight: number;
}

export interface BubbleFact {
  page: number;
  q: string;
  value: string;
  showno: string;
  w: number;
  h: number;
  insideGroup: boolean;
  insidePage: boolean;
}

export interface CardFacts {
  pages: { page: number; w: number; h: number }[];
  bases: { page: number; kind: string; h: number }[];
  overflows: Overflow[];
  bubbles: BubbleFact[];
  digitBubbles: { field: string; w: number; h: number }[];
  fields: { field: string; w: number; h: number }[];
}

/** Passed as a function to page.evaluate, so it may use nothing from outside its body. */
export function measureCard(): CardFacts {
  const facts: CardFacts = { pages: [], bases: [], overflows: [], bubbles: [], digitBubbles: [], fields: [] };
  const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left - 0.01 && a.right <= b.right + 0.01 && a.top >= b.top - 0.01 && a.bottom <= b.bottom + 0.01;
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('section[data-card-page]'))) {
    const page = Number(section.dataset.cardPage);
    const sheet = section.getBoundingClientRect();
    facts.pages.push({ page, w: sheet.width, h: sheet.height });
    // Everything that clips must hold its content: the printable box, bases, rows, cells.
    for (const el of Array.from(section.querySelectorAll<HTMLElement>('.acs-page, .acs-base, .acs-q, .acs-split-cell, .acs-text, .acs-group'))) {
      if (el.scrollHeight > el.clientHeight + 0.5) facts.overflows.push({ what: `page ${page} ${el.className}`, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight });
    }
    for (const base of Array.from(section.querySelectorAll<HTMLElement>('.acs-base'))) {
      facts.bases.push({ page, kind: base.classList.contains('acs-firstBase') ? 'firstBase' : 'otherBase', h: base.getBoundingClientRect().height });
    }
    for (const bubble of Array.from(section.querySelectorAll<HTMLElement>('[data-omr="bubble"]'))) {
      const box = bubble.getBoundingClientRect();
      const group = bubble.closest<HTMLElement>('[data-omr="group"]');
      facts.bubbles.push({
        page,
        q: bubble.dataset.q ?? '',
        value: bubble.dataset.value ?? '',
        showno: bubble.dataset.showno ?? '',
        w: box.width,
        h: box.height,
        insideGroup: group !== null && group.dataset.q === bubble.dataset.q && inside(box, group.getBoundingClientRect()),
        insidePage: inside(box, sheet),
      });
    }
    for (const el of Array.from(section.querySelectorAll<HTMLElement>('[data-field]'))) {
      const box = el.getBoundingClientRect();
      const field = el.dataset.field ?? '';
      (el.dataset.digit === undefined ? facts.fields : facts.digitBubbles).push({ field, w: box.width, h: box.height });
    }
  }
  return facts;
}
