import { concealmentText } from '@camo/shared/concealment';
import type { Calibration } from '@camo/shared/concealment.schema';
import { messages } from '@camo/shared/messages';
import type { ReactNode } from 'react';
import { LocalDate } from '@/components/ui/local-date';
import { useCalibration } from '../api/get-calibration';

/**
 * The insights page's check on the predictor: once the game has played enough rounds, how often
 * the predicted order of two designs matches the measured one, Spearman's rho and their counts;
 * before that, how many rounds are still needed.
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
  // A fit against the literature on any measure is not used (decision 026): the page says so.
  const reversed =
    c.status === 'reversed' ? (
      <p className="max-w-3xl text-lg text-bone" data-testid="calibration-reversed">
        {concealmentText.fitReversed(c.reversed)}
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
    </>
  );
}
