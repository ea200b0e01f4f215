import type { BredDesignCard } from '@camo/shared/breeding.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const kindLabel: Record<BredDesignCard['kind'], string> = {
  founder: 'Founder',
  child: 'Bred',
  control: 'Fresh',
};

/** A bred design's page. */
export const bredDesignPath = (id: string) => `/breeding/designs/${encodeURIComponent(id)}`;

/**
 * A bred design as a small square tile linking to its page, with its label and what is said
 * under it. The image is decorative: the label names the link.
 */
export function DesignTile({
  design,
  current = false,
  size = 'md',
  tag,
  children,
}: {
  design: BredDesignCard;
  /** This page's own design: marked, and not a link to itself. */
  current?: boolean;
  /** 'sm': the family tree's tiles, under a row that names their generation. */
  size?: 'sm' | 'md';
  /** The line above the note: its kind (founder, bred, fresh) unless given. */
  tag?: string;
  children?: ReactNode;
}) {
  const image = (
    <img
      src={design.thumbUrl}
      alt=""
      width={size === 'sm' ? 96 : 200}
      height={size === 'sm' ? 96 : 200}
      loading="lazy"
      decoding="async"
      className="aspect-square w-full rounded-t bg-loam object-cover"
    />
  );
  // In a small tile whose row names the generation, "No. 5" is shown; a reader hears it whole.
  const shown = size === 'sm' ? design.label.replace(/^Generation \d+ · /, '') : design.label;
  const label = (
    <span className="block break-words px-2 pt-1.5 font-condensed text-sm font-bold uppercase leading-tight tracking-wider text-bone group-hover:text-blaze group-focus-visible:underline">
      {shown === design.label ? (
        design.label
      ) : (
        <>
          <span className="sr-only">{design.label}</span>
          <span aria-hidden="true">{shown}</span>
        </>
      )}
    </span>
  );
  return (
    <div
      className={`card flex h-full flex-col overflow-hidden ${current ? 'border-2 border-blaze' : ''}`}
      data-testid="design-tile"
    >
      {current ? (
        <div aria-current="page">
          {image}
          {label}
        </div>
      ) : (
        <Link to={bredDesignPath(design.id)} className="group block focus-visible:outline-none">
          {image}
          {label}
        </Link>
      )}
      <div className="flex flex-col gap-0.5 px-2 pb-2 pt-0.5 text-xs text-sage">
        <span className="font-semibold uppercase tracking-wider text-coyote-300">
          {tag ?? kindLabel[design.kind]}
        </span>
        {children}
      </div>
    </div>
  );
}
