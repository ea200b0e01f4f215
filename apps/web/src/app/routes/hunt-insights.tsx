import { HUNT_MIN_ROUNDS_FOR_SCORE } from '@camo/shared/hunt';
import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useInsights } from '@/features/hunt/api/hunt';
import { MEASURES, Scatter } from '@/features/hunt/components/insights-scatter';
import { PredictionAgreement } from '@/features/hunt/components/prediction-agreement';

/** /hunt/insights: which of the engine's measures predict how well a design hides. */
export default function HuntInsightsPage() {
  useDocumentTitle('What makes a design hide');
  const insights = useInsights();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-3">
        <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">What makes a design hide</h1>
        <p className="max-w-3xl text-lg text-sage">
          Every design with at least {HUNT_MIN_ROUNDS_FOR_SCORE} rounds of{' '}
          <Link to="/hunt" className="text-link">
            hide and seek
          </Link>{' '}
          is a dot: up is how long hunters took to spot it, on average; across is one of the measures the
          generator checks against the design&apos;s own photo. A strong negative correlation means the
          measure predicts hiding.
        </p>
      </div>
      {insights.isPending ? (
        <LoadingState />
      ) : insights.isError ? (
        <p role="alert" className="text-danger">
          The figures could not be loaded. Please try again.
        </p>
      ) : insights.data.points.length === 0 ? (
        <p className="text-sage" data-testid="insights-empty">
          No design has enough rounds yet. Play some rounds to fill these charts.
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-3">
          {MEASURES.map((measure) => (
            <Scatter key={measure.key} insights={insights.data} measure={measure} />
          ))}
        </div>
      )}
      <PredictionAgreement />
    </div>
  );
}
