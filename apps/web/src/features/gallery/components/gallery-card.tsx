import type { DesignCard } from '@camo/shared/api.schema';
import { concealmentText } from '@camo/shared/concealment';
import { groundText } from '@camo/shared/ground';
import type { GroundCard } from '@camo/shared/ground.schema';
import { messages } from '@camo/shared/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DesignThumbnail } from '@/components/design/design-thumbnail';
import { formatContestMonth } from '@/lib/contest-month';
import { locationLabel } from '@/lib/design-view';

type GalleryCardProps = {
  design: DesignCard;
  /** 1-based place when the gallery is sorted by votes; "Hardest to spot" badges its own place (a range for ties). */
  rank?: number;
  /** Among the first cards of the grid, in view as the page opens: its image loads at once. */
  first?: boolean;
  /** The vote control (community's), given by the route; `name` is the card's shown name. */
  vote: (name: string) => ReactNode;
  /**
   * Sorted by "Hardest to spot": the card says how well it hides and where that comes from
   * (measured by the game or predicted), instead of the game's badge.
   */
  showHiding?: boolean;
  /** h3 when the cards sit under group headings, h2 otherwise. */
  headingLevel?: 2 | 3;
  /** Ranked in a person's ground photo: the predicted hiding there (an estimate until refined). */
  groundScore?: GroundCard['ground'];
  /** Where the card leads, when not the plain design page (the design shown in a ground photo). */
  to?: string;
};

/**
 * The whole card links to the design; the designer's name is a second, separate link, so it sits
 * outside the card's main link rather than nested inside it (nested links are invalid HTML).
 */
export function GalleryCard({
  design,
  rank,
  first = false,
  vote,
  showHiding = false,
  headingLevel = 2,
  groundScore,
  to,
}: GalleryCardProps) {
  const name = design.name.trim() || messages.noName;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <li className="card relative flex flex-col overflow-hidden">
      <Link to={to ?? `/gallery/${design.id}`} className="group flex flex-col focus-visible:outline-none">
        <div className="relative">
          <DesignThumbnail design={design} first={first} className="transition group-hover:opacity-90" />
          {showHiding && design.hidingAt?.place && (
            <span
              className="absolute left-2 top-2 rounded bg-blaze px-2 py-0.5 font-condensed text-lg font-bold text-night"
              aria-label={concealmentText.cardPlace(design.hidingAt.place)}
            >
              #{design.hidingAt.place.from}
              {design.hidingAt.place.to > design.hidingAt.place.from && `-${design.hidingAt.place.to}`}
            </span>
          )}
          {rank !== undefined && (
            <span
              className="absolute left-2 top-2 rounded bg-blaze px-2 py-0.5 font-condensed text-lg font-bold text-night"
              aria-label={`Rank ${rank}`}
            >
              #{rank}
            </span>
          )}
          {!showHiding && !groundScore && design.concealmentScore != null && (
            <span
              className="absolute right-2 top-2 rounded bg-night/85 px-2 py-0.5 text-xs font-semibold text-bone"
              title="Hide and seek: how long hunters took to spot it, on average (15 s when never found)"
            >
              Hides {design.concealmentScore.toFixed(1)} s
            </span>
          )}
        </div>
        <Heading className="break-words px-4 pt-3 font-condensed text-xl font-bold uppercase tracking-wider text-bone group-hover:text-blaze group-focus-visible:underline">
          {name}
        </Heading>
      </Link>
      <div className="flex flex-col gap-1 px-4 pb-3 pt-1 text-sm text-sage">
        {groundScore && <GroundScore score={groundScore} />}
        {showHiding && (
          <>
            <p
              className={`font-semibold ${design.hidingAt?.pending ? 'text-coyote-300' : 'text-bone'}`}
              data-testid="card-hiding"
            >
              {concealmentText.cardFigure(design.hiding, design.hidingAt)}
            </p>
            {design.hidingAt?.place && design.hidingAt.place.to > design.hidingAt.place.from && (
              <p data-testid="card-place">{concealmentText.cardPlace(design.hidingAt.place)}</p>
            )}
          </>
        )}
        <p>
          by{' '}
          <Link to={`/gallery/user/${design.userId}`} className="text-link">
            {design.designerName.trim() || messages.unknownDesigner}
          </Link>
        </p>
        <p>{locationLabel(design.state, design.county)}</p>
        {design.contestMonth && <p>Entered in {formatContestMonth(design.contestMonth)}</p>}
        {design.versatility?.badge && (
          <p className="mt-1 self-start rounded border border-olive-500 px-2 py-0.5 text-xs font-semibold uppercase tracking-wider text-coyote-300">
            {groundText.badge(design.versatility.places)}
          </p>
        )}
      </div>
      <div className="mt-auto px-4 pb-4">{vote(name)}</div>
    </li>
  );
}

/** "78 Predicted hiding in your photo (0-100)", marked an estimate until the full predictor has scored it. */
function GroundScore({ score }: { score: GroundCard['ground'] }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="card-ground-score">
      <span className="font-condensed text-3xl font-bold leading-none text-bone">
        {score.hiding ?? concealmentText.outOfRange}
      </span>
      <span className="text-xs">{groundText.scoreLabel}</span>
      {!score.refined && (
        <span
          className="rounded bg-olive-700 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-bone"
          title={groundText.estimateNote}
        >
          {groundText.estimate}
        </span>
      )}
    </p>
  );
}
