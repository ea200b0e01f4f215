import type { BredDesignPage } from '@camo/shared/breeding.schema';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LineageTree } from './lineage-tree';

type Node = BredDesignPage['lineage'][number];
const node = (id: string, born: number, no: number, kind: Node['kind'], parents: string[] = []): Node => ({
  id,
  imageUrl: `/api/breeding/designs/${id}/image`,
  thumbUrl: `/api/breeding/designs/${id}/image`,
  kind,
  born,
  label: `Generation ${born} · No. ${no}`,
  parents,
});

// The design (generation 2) from two of generation 1, one of them from founders, one a survivor founder.
const lineage: Node[] = [
  node('child2', 2, 1, 'child', ['child1', 'f3']),
  node('f3', 0, 3, 'founder'),
  node('child1', 1, 12, 'child', ['f1', 'f3']),
  node('f1', 0, 1, 'founder'),
];

function renderTree() {
  render(
    <MemoryRouter>
      <LineageTree designId="child2" lineage={lineage} starterName="Jo" />
    </MemoryRouter>,
  );
}

describe('LineageTree', () => {
  it('draws one row a generation, the founders at the top and the design at the bottom', () => {
    renderTree();
    expect(screen.getByRole('heading', { level: 2, name: 'Family tree' })).toBeInTheDocument();
    expect(screen.getByText(/started by Jo/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Generation 0 · founders',
      'Generation 1',
      'Generation 2',
    ]);
    const rows = within(screen.getByTestId('lineage')).getAllByRole('list');
    expect(
      within(rows[0]!)
        .getAllByTestId('design-tile')
        .map((tile) => tile.textContent),
    ).toEqual([
      'Generation 0 · No. 1No. 1FounderDrawn for the photo',
      'Generation 0 · No. 3No. 3FounderDrawn for the photo',
    ]);
  });

  it("links each ancestor to its page, names its parents, and marks the page's own design", () => {
    renderTree();
    expect(screen.getByRole('link', { name: 'Generation 1 · No. 12' })).toHaveAttribute(
      'href',
      '/breeding/designs/child1',
    );
    expect(screen.getByRole('link', { name: 'Generation 0 · No. 3' })).toHaveAttribute(
      'href',
      '/breeding/designs/f3',
    );
    expect(screen.queryByRole('link', { name: 'Generation 2 · No. 1' })).toBeNull();
    const own = screen.getByText('Generation 2 · No. 1').closest('[aria-current="page"]');
    expect(own).not.toBeNull();
    expect(screen.getAllByTestId('parents').map((p) => p.textContent)).toEqual([
      'Child of Generation 0 · No. 1 and Generation 0 · No. 3',
      'Child of Generation 1 · No. 12 and Generation 0 · No. 3',
    ]);
    // Tiles' images are decorative: the label names the link.
    for (const img of screen.getByTestId('lineage').querySelectorAll('img'))
      expect(img).toHaveAttribute('alt', '');
  });
});
