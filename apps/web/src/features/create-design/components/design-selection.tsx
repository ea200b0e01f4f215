import type { Design, Variant } from '@camo/shared/generation.schema';
import { useState, type ReactNode } from 'react';
import { selectVariant } from '@/lib/design-actions';
import { DesignAnalysis } from '@/components/design/design-analysis';
import { availableVariants, variantUrl } from '@/lib/design-view';
import { ApiRequestError } from '@/lib/api-client';
import { BlendPreview } from '@/components/design/blend-preview';
import { StepHeading } from './step-heading';

/**
 * Design A and Design B side by side (stacked on phones), each with Select and its analysis,
 * under how well each is predicted to hide (`comparison`, concealment's, given by the route).
 */
export function DesignSelection({
  design,
  outcomeMessage,
  onSelected,
  comparison,
}: {
  design: Design;
  outcomeMessage: string | null;
  onSelected: (design: Design) => void;
  comparison?: (designId: string) => ReactNode;
}) {
  const [pending, setPending] = useState<Variant | null>(null);
  const [error, setError] = useState<string | null>(null);
  const variants = availableVariants(design);
  // Open beside each other on wide screens; on a phone the long analyses would push Design B far
  // down, so they start folded.
  const [analysisOpen] = useState(
    () => typeof window === 'undefined' || (window.matchMedia?.('(min-width: 768px)').matches ?? true),
  );

  const choose = async (variant: Variant) => {
    setPending(variant);
    setError(null);
    try {
      onSelected(await selectVariant(design.id, variant));
    } catch (caught) {
      setError(
        caught instanceof ApiRequestError ? caught.message : 'Could not select the design. Please try again.',
      );
      setPending(null);
    }
  };

  return (
    <section className="flex flex-col gap-6" aria-labelledby="step-heading">
      <div className="flex flex-col gap-2">
        <StepHeading>Choose your design</StepHeading>
        {outcomeMessage && (
          <p role="status" className="text-lg text-olive-300">
            {outcomeMessage}
          </p>
        )}
      </div>
      {variants.length > 1 && comparison?.(design.id)}
      {error && (
        <p role="alert" className="font-semibold text-danger">
          {error}
        </p>
      )}
      <div className={`grid gap-6 ${variants.length > 1 ? 'md:grid-cols-2' : 'max-w-2xl'}`}>
        {variants.map((variant) => {
          const analysis = variant === 'A' ? design.markdownAnalysisA : design.markdownAnalysisB;
          return (
            <article
              key={variant}
              aria-labelledby={`design-${variant}-title`}
              className="card flex flex-col overflow-hidden"
            >
              <div className="flex items-center justify-between gap-3 px-4 py-3">
                <h3
                  id={`design-${variant}-title`}
                  className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone"
                >
                  Design {variant}
                </h3>
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  aria-label={`Select Design ${variant}`}
                  disabled={pending !== null}
                  onClick={() => void choose(variant)}
                >
                  {pending === variant ? 'Selecting...' : 'Select'}
                </button>
              </div>
              <img
                src={variantUrl(design, variant) ?? undefined}
                alt={`Camouflage design ${variant}`}
                width={1024}
                height={1024}
                decoding="async"
                className="aspect-square w-full bg-loam object-cover"
              />
              <div className="border-t border-olive-900 px-4 py-3">
                <BlendPreview designId={design.id} variant={variant} />
              </div>
              {analysis && (
                <details open={analysisOpen} className="group border-t border-olive-900">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300 hover:text-bone [&::-webkit-details-marker]:hidden">
                    Design {variant} analysis
                    <svg
                      viewBox="0 0 24 24"
                      className="size-5 transition-transform group-open:rotate-180"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                    >
                      <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </summary>
                  <div className="px-4 pb-5">
                    <DesignAnalysis markdown={analysis} />
                  </div>
                </details>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}
