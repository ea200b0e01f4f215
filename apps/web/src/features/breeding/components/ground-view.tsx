import type { GroundPage } from '@camo/shared/breeding.schema';
import { Link, useLocation } from 'react-router';
import { breedingMessages, breedingText, placeLabel, statusText, styleLabel } from '../lib/breeding-text';
import { BreedingPlot } from './breeding-plot';
import { DesignTile } from './design-tile';

/**
 * A breeding ground's page: its photo and place, where it is, the way to play it, the generation
 * being judged, the bred line against the fresh one, and its settings.
 */
export function GroundView({ ground, signedIn }: { ground: GroundPage; signedIn: boolean }) {
  const place = placeLabel(ground);
  return (
    <article
      aria-labelledby="ground-title"
      className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-12"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
        <header className="flex flex-col gap-3 lg:order-2">
          <p className="eyebrow">
            <Link to="/breeding" className="underline underline-offset-4 hover:text-bone">
              Breeding ground
            </Link>
          </p>
          <h1 id="ground-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
            {place}
          </h1>
          <p className="text-lg text-sage">{ground.description}</p>
          <p className="text-sage">
            {styleLabel(ground.variant)} designs · {breedingText.startedBy(ground.starterName)}
          </p>
          <p role="status" className="font-semibold text-bone" data-testid="ground-status">
            {statusText(ground)}
            {ground.status === 'starting' && (
              <span className="block font-normal text-sage">{breedingText.drawing}</span>
            )}
          </p>
          <PlayPanel ground={ground} signedIn={signedIn} />
        </header>
        <figure className="card self-start overflow-hidden lg:order-1">
          <img
            src={ground.photoUrl}
            alt={`The ground's photo: ${place}`}
            width={ground.width}
            height={ground.height}
            fetchPriority="high"
            className="h-auto w-full bg-loam"
          />
        </figure>
      </div>

      <CurrentGeneration ground={ground} />

      <section aria-labelledby="lines-title" className="flex flex-col gap-4">
        <h2 id="lines-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
          Bred against fresh
        </h2>
        <p
          className={`max-w-3xl text-lg ${ground.claim.beats ? 'font-semibold text-bone' : 'text-sage'}`}
          data-testid="claim"
        >
          {ground.claim.message}
        </p>
        <BreedingPlot lines={ground.lines} />
        <PredictorAgreement agreement={ground.agreement} />
      </section>

      <section aria-labelledby="settings-title" className="flex flex-col gap-3">
        <h2 id="settings-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
          Settings
        </h2>
        <dl className="card grid max-w-xl grid-cols-[1fr_auto] gap-x-4 gap-y-2 p-5">
          <dt className="text-sage">Designs bred a generation</dt>
          <dd className="text-right font-semibold text-bone tabular-nums">{ground.settings.population}</dd>
          <dt className="text-sage">Players who judge each design</dt>
          <dd className="text-right font-semibold text-bone tabular-nums">{ground.settings.judges}</dd>
          <dt className="text-sage">Fresh designs a generation, to compare</dt>
          <dd className="text-right font-semibold text-bone tabular-nums">{ground.settings.controls}</dd>
        </dl>
      </section>
    </article>
  );
}

/** Play this ground, or why not: every design played, rounds not open yet, or not signed in. */
function PlayPanel({ ground, signedIn }: { ground: GroundPage; signedIn: boolean }) {
  const { pathname } = useLocation();
  if (!signedIn || ground.viewerHasRounds === null)
    return (
      <div className="flex flex-wrap items-center gap-4 pt-2" data-testid="ground-sign-in">
        <p className="text-bone">{breedingText.signIn}</p>
        <Link
          to={`/login?${new URLSearchParams({ redirect: pathname }).toString()}`}
          className="btn btn-primary"
        >
          {breedingText.logIn}
        </Link>
      </div>
    );
  if (ground.status !== 'judging')
    return <p className="pt-2 text-sage">Rounds open again as soon as the generation is drawn.</p>;
  if (!ground.viewerHasRounds)
    return (
      <p className="pt-2 text-bone" data-testid="ground-played-all">
        {breedingMessages.noRoundsLeft}
      </p>
    );
  return (
    <div className="pt-2">
      <Link to={`/hunt?${new URLSearchParams({ ground: ground.id }).toString()}`} className="btn btn-primary">
        {breedingText.play}
      </Link>
    </div>
  );
}

/** The generation being judged: each design, its line, and how many players have judged it. */
function CurrentGeneration({ ground }: { ground: GroundPage }) {
  const judges = ground.settings.judges;
  return (
    <section aria-labelledby="current-title" className="flex flex-col gap-4">
      <h2 id="current-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
        {ground.status === 'starting' ? 'The first generation' : `Generation ${ground.generation}`}
      </h2>
      {ground.current.length === 0 ? (
        <p className="text-sage">{breedingText.drawing}</p>
      ) : (
        <>
          <p className="max-w-3xl text-sage">
            Each design is judged once {judges} different players have had a round with it. Bred designs come
            from the last generation&apos;s best; fresh ones are drawn new, to compare, and the best fresh one
            so far is judged again, so its line is not flattered by the luck that picked it.
          </p>
          <ul className="grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
            {ground.current.map((member) => (
              <li key={member.id}>
                <DesignTile design={member} tag={memberTag(member, ground.generation)}>
                  <span data-testid="member-progress">
                    {Math.min(member.players, judges)} of {judges} players
                    {member.judged ? ' · judged' : ''}
                  </span>
                  {member.predicted && (
                    <span className="block" data-testid="member-predicted">
                      Predicted {member.predicted.hiding}
                      {member.predicted.se !== null ? ` ± ${member.predicted.se}` : ''} / 100
                    </span>
                  )}
                </DesignTile>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

const percent = (share: number | null) => (share === null ? '?' : `${Math.round(share * 100)}%`);

/**
 * Whether the predictor's hiding figures (a person at 25 m) order the judged designs as the game
 * did: the most direct test of the predictor the site can run, with its pairs counted and the
 * share's 95% interval.
 */
function PredictorAgreement({ agreement }: { agreement: GroundPage['agreement'] }) {
  return (
    <p className="max-w-3xl text-sage" data-testid="predictor-agreement">
      {agreement.pairs === 0
        ? 'The predictor’s figures are compared with the game once two designs of a generation are judged.'
        : `The predictor (a person at 25 m) put ${agreement.agreeing} of ${agreement.pairs} pairs of judged designs in the game’s order: ${percent(agreement.agreeing / agreement.pairs)}, likely between ${percent(agreement.low)} and ${percent(agreement.high)} (95%). Half is what chance gives.`}
    </p>
  );
}

/** A member's line: bred, fresh, or the best fresh design carried from an earlier generation. */
function memberTag(member: GroundPage['current'][number], generation: number): string {
  if (member.line === 'bred') return 'Bred line';
  return member.born < generation ? 'Best fresh, again' : 'Fresh (control)';
}
