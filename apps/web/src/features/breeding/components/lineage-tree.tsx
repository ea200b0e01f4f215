import type { BredDesignPage } from '@camo/shared/breeding.schema';
import { DesignTile } from './design-tile';

type Node = BredDesignPage['lineage'][number];

/**
 * A bred design's family tree: one row a generation, the founders at the top and the design at
 * the bottom, each ancestor a tile linking to its page and naming its parents. Rows wrap on a
 * phone, and the tree reads the same to a screen reader: generations as headed lists, parents in
 * words.
 */
export function LineageTree({
  designId,
  lineage,
  starterName,
}: {
  designId: string;
  lineage: BredDesignPage['lineage'];
  starterName: string;
}) {
  const byId = new Map(lineage.map((node) => [node.id, node]));
  const rows = [...new Set(lineage.map((node) => node.born))].sort((a, b) => a - b);
  const nameOf = (id: string) => byId.get(id)?.label ?? 'an earlier design';
  return (
    <section aria-labelledby="lineage-title" className="flex flex-col gap-4">
      <h2 id="lineage-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
        Family tree
      </h2>
      <p className="text-sage">
        The ground was started by {starterName || 'Anonymous'}. The founders at the top were drawn for its
        photo; each design below was bred from two of the generation before.
      </p>
      <ol className="flex flex-col gap-2" data-testid="lineage">
        {rows.map((born, i) => {
          const nodes = lineage.filter((node) => node.born === born).sort(byLabel);
          return (
            <li key={born} className="flex flex-col gap-2">
              {i > 0 && <Connector />}
              <h3 className="font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300">
                Generation {born}
                {nodes.every((node) => node.kind === 'founder') ? ' · founders' : ''}
              </h3>
              <ul className="grid grid-cols-3 gap-2 min-[480px]:grid-cols-4 sm:grid-cols-6 lg:grid-cols-8">
                {nodes.map((node) => (
                  <li key={node.id}>
                    <DesignTile design={node} current={node.id === designId} size="sm">
                      <ParentsLine node={node} nameOf={nameOf} />
                    </DesignTile>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function ParentsLine({ node, nameOf }: { node: Node; nameOf: (id: string) => string }) {
  if (node.parents.length === 0)
    return <span>{node.kind === 'control' ? 'Drawn fresh' : 'Drawn for the photo'}</span>;
  return <span data-testid="parents">Child of {node.parents.map(nameOf).join(' and ')}</span>;
}

/** The arrow from one row to the next (drawing only). */
function Connector() {
  return (
    <svg viewBox="0 0 24 16" className="h-4 w-6 self-center text-olive-500" aria-hidden="true">
      <path d="M12 0v12M6 8l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** "Generation 2 · No. 5" before "No. 12": by the label's last number, then its id (no Intl: lib/format.ts). */
const lastNumber = (label: string) => Number(/(\d+)\D*$/.exec(label)?.[1] ?? 0);
const byLabel = (a: Node, b: Node) => lastNumber(a.label) - lastNumber(b.label) || (a.id < b.id ? -1 : 1);
