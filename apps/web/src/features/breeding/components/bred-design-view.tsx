import type { BredDesignPage } from '@camo/shared/breeding.schema';
import { Link } from 'react-router';
import { breedingText, placeLabel } from '../lib/breeding-text';
import { kindLabel } from './design-tile';
import { LineageTree } from './lineage-tree';
import { TakeToGallery } from './take-to-gallery';

const kindNote: Record<BredDesignPage['kind'], string> = {
  founder: 'A founder: drawn by the engine for the ground’s photo when the ground started.',
  child: 'Bred from two designs of the generation before.',
  control: 'A fresh design drawn by the engine, to compare the bred ones against.',
};

/** A bred design's page: the design large, its ground, the generations it was judged in, and its family tree. */
export function BredDesignView({ design }: { design: BredDesignPage }) {
  const place = placeLabel(design.ground);
  return (
    <article
      aria-labelledby="bred-title"
      className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-12"
    >
      <header className="flex flex-col gap-2">
        <p className="eyebrow">Bred design · {kindLabel[design.kind]}</p>
        <h1 id="bred-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
          {design.label}
        </h1>
        <p className="text-sage">
          From the breeding ground at{' '}
          <Link to={`/breeding/${encodeURIComponent(design.ground.id)}`} className="text-link">
            {place}
          </Link>
          . {breedingText.startedBy(design.ground.starterName)}.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="card self-start overflow-hidden">
          <img
            src={design.imageUrl}
            alt={`${design.label}, bred camouflage design`}
            width={1024}
            height={1024}
            fetchPriority="high"
            className="aspect-square w-full bg-loam object-cover"
          />
        </figure>
        <div className="flex flex-col gap-6">
          <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5">
            <dt className="eyebrow">Kind</dt>
            <dd className="text-bone">{kindNote[design.kind]}</dd>
            <dt className="eyebrow">Drawn in</dt>
            <dd className="text-bone">Generation {design.born}</dd>
            <dt className="eyebrow">Judged in</dt>
            <dd className="text-bone" data-testid="judged-in">
              {design.judgedIn.length === 0
                ? 'Not judged yet'
                : `Generation${design.judgedIn.length === 1 ? '' : 's'} ${design.judgedIn.join(', ')}`}
            </dd>
            <dt className="eyebrow">The place</dt>
            <dd className="text-bone">{design.ground.description}</dd>
          </dl>
          {design.galleryDesignId ? (
            <p className="card p-5 text-bone" data-testid="in-gallery">
              This design is in the gallery:{' '}
              <Link to={`/gallery/${encodeURIComponent(design.galleryDesignId)}`} className="text-link">
                see its gallery page
              </Link>
              .
            </p>
          ) : (
            <TakeToGallery designId={design.id} />
          )}
        </div>
      </div>

      <LineageTree designId={design.id} lineage={design.lineage} starterName={design.ground.starterName} />
    </article>
  );
}
