import { generationMessages } from '@camo/shared/generation.schema';
import { Link } from 'react-router';
import { StepHeading } from './step-heading';

/** Spec §4: 'Failed to generate designs. Please try again.' with Go Back to step 1. */
export function GenerationFailed({ message, onGoBack }: { message: string | null; onGoBack: () => void }) {
  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-heading">
      <div className="flex flex-col gap-2">
        <StepHeading>Generation failed</StepHeading>
      </div>
      <p role="alert" className="card border-danger/60 p-4 text-lg font-semibold text-danger">
        {message ?? generationMessages.generationFailed}
      </p>
      <button type="button" onClick={onGoBack} className="btn btn-primary w-full sm:w-fit">
        Go Back
      </button>
    </section>
  );
}

/**
 * A completed generation without a design record to work on: no design came out, or the designs
 * exist but their record could not be saved (they are still shown).
 */
export function GenerationWithoutDesign({
  message,
  designUrls,
  onStartOver,
}: {
  message: string | null;
  designUrls: { label: string; url: string }[];
  onStartOver: () => void;
}) {
  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-heading">
      <div className="flex flex-col gap-2">
        <StepHeading>Your results</StepHeading>
        {message && (
          <p role="status" className="text-lg text-olive-300">
            {message}
          </p>
        )}
      </div>
      {designUrls.length > 0 && (
        <ul className="grid gap-6 md:grid-cols-2">
          {designUrls.map((design) => (
            <li key={design.label} className="card overflow-hidden">
              <p className="px-4 py-3 font-condensed text-2xl font-bold uppercase tracking-wider text-bone">
                {design.label}
              </p>
              <img
                src={design.url}
                alt={`Camouflage ${design.label}`}
                width={1024}
                height={1024}
                className="aspect-square w-full bg-loam object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onStartOver} className="btn btn-primary w-full sm:w-fit">
        Start a new design
      </button>
    </section>
  );
}

export function AlreadySubmitted({ designId }: { designId: string }) {
  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-heading">
      <StepHeading step={false}>Already submitted</StepHeading>
      <p className="text-lg text-sage">{generationMessages.notPending}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`/gallery/${designId}`} className="btn btn-primary">
          View it in the gallery
        </Link>
        <Link to="/create-design" className="btn btn-secondary">
          Create Another Design
        </Link>
      </div>
    </section>
  );
}
