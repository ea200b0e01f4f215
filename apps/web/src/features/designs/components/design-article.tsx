import type { Design } from '@camo/shared/generation.schema';
import { messages } from '@camo/shared/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EnvironmentPhoto } from '@/components/design/environment-photo';
import { ExportLinks } from '@/components/design/export-links';
import { DesignFacts } from '@/features/designs/components/design-facts';
import { DesignFigure } from '@/features/designs/components/design-figure';
import { DesignName } from '@/features/designs/components/design-name';
import { DesignOwnerNotice } from '@/features/designs/components/design-owner-notice';
import { DesignStory } from '@/features/designs/components/design-story';
import { DesignVariants } from '@/features/designs/components/design-variants';

/**
 * The parts of the page that other features own, put together by the route; each is left out
 * where it does not apply (an unsubmitted design has no votes, contest, hunt or comments).
 */
type DesignArticleSlots = {
  /** Under the designer's name: vote, share and report. The row is drawn only when given. */
  actions?: ReactNode;
  /** Under the actions: the contest's note to a new account. */
  voteNote?: ReactNode;
  /** Beside the image, after the facts: the design's contest entry. */
  contest?: ReactNode;
  /** Beside the image, after the contest: how the design does beyond its own photo. */
  versatility?: ReactNode;
  /** Beside the image, under the environment photo: start a breeding ground for that photo. */
  breed?: ReactNode;
  /** Below the image, first: the design at its printed size on this screen. */
  trueSize?: ReactNode;
  /** Below the image, after the true size: the design worn in the visitor's own ground photo. */
  inMyPhoto?: ReactNode;
  /** Below the image: how the design is predicted to look to a deer or a person, near and far. */
  viewer?: ReactNode;
  /** After the viewer: how the design hides in hide and seek. */
  hiding?: ReactNode;
  /** At the end: the comments. */
  comments?: ReactNode;
};

/** The design page's body (spec §2, §4, §6): name, designer, image, facts, story and variants. */
export function DesignArticle({
  design,
  isOwner,
  actions,
  voteNote,
  contest,
  versatility,
  breed,
  trueSize,
  inMyPhoto,
  viewer,
  hiding,
  comments,
}: { design: Design; isOwner: boolean } & DesignArticleSlots) {
  const name = design.name.trim() || messages.noName;
  return (
    <article
      aria-labelledby="design-title"
      className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-12"
    >
      <header className="flex flex-col gap-2">
        <p className="eyebrow">{statusLabel(design.status)}</p>
        <DesignName design={design} isOwner={isOwner} />
        <p className="text-sage">
          Created by{' '}
          <Link to={`/gallery/user/${design.userId}`} className="text-link">
            {design.designerName.trim() || messages.unknownDesigner}
          </Link>
        </p>
        {design.bredDesignId && (
          <p className="text-sage" data-testid="bred-credit">
            Bred in hide and seek on a breeding ground:{' '}
            <Link to={`/breeding/designs/${encodeURIComponent(design.bredDesignId)}`} className="text-link">
              its family tree
            </Link>
          </p>
        )}
        {actions && <div className="flex flex-wrap items-start gap-x-6 gap-y-3 pt-2">{actions}</div>}
        {voteNote}
      </header>

      {isOwner && <DesignOwnerNotice design={design} />}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DesignFigure design={design} name={name} />

        <div className="flex flex-col gap-6">
          <DesignFacts design={design} />
          {contest}
          {versatility}
          <EnvironmentPhoto design={design} label="Environment" />
          {breed}
          <DesignStory key={design.story ?? ''} design={design} isOwner={isOwner} />
          {isOwner && (
            <div className="card p-5">
              <ExportLinks designId={design.id} repeatCm={design.repeatCm} />
            </div>
          )}
        </div>
      </div>

      {trueSize}

      {inMyPhoto}

      {viewer}

      {hiding}

      <DesignVariants design={design} />

      {comments}
    </article>
  );
}

function statusLabel(status: Design['status']): string {
  switch (status) {
    case 'submitted':
      return 'Gallery';
    case 'hidden':
      return 'Hidden by a moderator';
    case 'pending_selection':
      return 'Not submitted yet';
  }
}
