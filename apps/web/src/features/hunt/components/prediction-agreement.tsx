import { concealmentText } from '@camo/shared/concealment';
import type { Agreement, Calibration } from '@camo/shared/concealment.schema';
import { messages } from '@camo/shared/messages';
import type { ReactNode } from 'react';
import { LocalDate } from '@/components/ui/local-date';
import { useCalibration } from '../api/get-calibration';

/**
 * The insights page's check on the predictor: once the game has played enough rounds, how often
 * the predicted order of two designs matches the measured one, Spearman's rho and their counts, on
 * designs of photos the fit did not see, beside the mean-colour baseline (decision 029); before
 * that, how many rounds are still needed.
 */
export function PredictionAgreement() {
  const calibration = useCalibration();
  return (
    <section aria-labelledby="agreement-title" className="card flex flex-col gap-4 p-5">
      <h2 id="agreement-title" className="stencil-heading text-3xl text-bone">
        {concealmentText.calibrationTitle}
      </h2>
      <p className="max-w-3xl text-sage">{concealmentText.calibrationIntro}</p>
      {calibration.data ? (
        <Figures calibration={calibration.data} />
      ) : calibration.isError ? (
        <p role="alert" className="text-danger">
          {concealmentText.loadFailed}
        </p>
      ) : (
        <p role="status" className="text-sage">
          {messages.loading}
        </p>
      )}
    </section>
  );
}

function Figures({ calibration: c }: { calibration: Calibration }) {
  if (c.status === 'too-few-rounds') {
    return (
      <p className="text-lg text-bone" data-testid="calibration-too-few">
        {concealmentText.tooFewRounds(c.rounds, c.roundsNeeded)}
      </p>
    );
  }
  // A fit against the literature on any measure is not used (decision 026), nor one that does not
  // beat the mean colour alone or cannot be judged yet (decision 029): the page says so.
  const notUsed =
    c.status === 'reversed'
      ? { id: 'calibration-reversed', text: concealmentText.fitReversed(c.reversed) }
      : c.status === 'not-better'
        ? { id: 'calibration-not-better', text: concealmentText.fitNotBetter }
        : c.status === 'unchecked'
          ? {
              id: 'calibration-unchecked',
              text: concealmentText.fitUnchecked(c.check?.fitted.designs ?? 0, c.check?.designsNeeded ?? 0),
            }
          : null;
  const reversed = notUsed ? (
    <p className="max-w-3xl text-lg text-bone" data-testid={notUsed.id}>
      {notUsed.text}
    </p>
  ) : null;
  const figures: { label: string; value: ReactNode }[] = [
    {
      label: concealmentText.pairwiseAgreement,
      value: c.pairwiseAgreement === null ? '-' : `${Math.round(c.pairwiseAgreement * 100)}%`,
    },
    { label: concealmentText.spearman, value: c.spearman === null ? '-' : c.spearman.toFixed(2) },
    { label: concealmentText.comparedDesigns, value: c.comparedDesigns },
    { label: concealmentText.roundsUsed, value: c.rounds },
  ];
  if (c.fittedAt) figures.push({ label: concealmentText.fittedAt, value: <LocalDate iso={c.fittedAt} /> });
  return (
    <>
      {reversed}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="calibration-fitted">
        {figures.map((f) => (
          <div key={f.label} className="flex flex-col gap-1">
            <dt className="text-sm text-sage">{f.label}</dt>
            <dd className="font-condensed text-2xl font-bold text-bone">{f.value}</dd>
          </div>
        ))}
      </dl>
      {c.check ? <Check check={c.check} /> : null}
    </>
  );
}

/** The fit's agreement on designs it did not see beside the mean-colour baseline's, with intervals. */
function Check({ check }: { check: NonNullable<Calibration['check']> }) {
  const columns: { title: string; a: Agreement; id: string }[] = [
    { title: concealmentText.checkFitted, a: check.fitted, id: 'calibration-check-fitted' },
    { title: concealmentText.checkBaseline, a: check.baseline, id: 'calibration-check-baseline' },
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="calibration-check">
      <p className="max-w-3xl text-sage">{concealmentText.checkIntro}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {columns.map(({ title, a, id }) => (
          <dl key={id} className="flex flex-col gap-1" data-testid={id}>
            <dt className="font-condensed text-lg font-bold text-bone">{title}</dt>
            <dd className="text-bone">
              {concealmentText.pairwiseAgreement}:{' '}
              {a.pairwiseAgreement === null ? '-' : `${Math.round(a.pairwiseAgreement * 100)}%`}
              {a.pairwiseInterval
                ? ` (${concealmentText.checkInterval(a.pairwiseInterval[0], a.pairwiseInterval[1], true)})`
                : ''}
            </dd>
            <dd className="text-bone">
              {concealmentText.spearman}: {a.spearman === null ? '-' : a.spearman.toFixed(2)}
              {a.spearmanInterval
                ? ` (${concealmentText.checkInterval(a.spearmanInterval[0], a.spearmanInterval[1], false)})`
                : ''}
            </dd>
            <dd className="text-sm text-sage">{concealmentText.checkCounts(a.designs, a.pairs, a.photos)}</dd>
          </dl>
        ))}
      </div>
      <p className="max-w-3xl text-sm text-sage">
        {concealmentText.checkPlayers(check.playerSd, check.players)}
      </p>
    </div>
  );
}
