import type { Design, Variant } from '@camo/shared/generation.schema';
import { messages } from '@camo/shared/messages';
import { lazy, Suspense, useState } from 'react';
import { availableVariants, variantUrl } from '@/lib/design-view';

/** Both variants the generator made, each with its prompt and analysis. */
export function DesignVariants({ design }: { design: Design }) {
  return (
    <section aria-labelledby="variants-title" className="flex flex-col gap-4">
      <h2 id="variants-title" className="stencil-heading text-3xl text-bone">
        Both variants
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {availableVariants(design).map((variant) => (
          <VariantCard key={variant} design={design} variant={variant} />
        ))}
      </ul>
    </section>
  );
}

function VariantCard({ design, variant }: { design: Design; variant: Variant }) {
  const selected = design.selectedVariant === variant;
  const prompt = variant === 'A' ? design.promptA : design.promptB;
  const analysis = variant === 'A' ? design.markdownAnalysisA : design.markdownAnalysisB;
  const showsEdit = selected && design.showsEdit;
  const src = showsEdit ? design.editedImageUrl : variantUrl(design, variant);
  return (
    <li className={`card overflow-hidden ${selected ? 'ring-2 ring-blaze' : ''}`}>
      <div className="flex items-center justify-between gap-2 px-4 py-2.5">
        <h3 className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          Design {variant}
        </h3>
        {selected && (
          <span className="rounded bg-blaze px-2 py-0.5 font-condensed text-sm font-bold uppercase text-night">
            Selected
          </span>
        )}
      </div>
      {src && (
        <img
          src={src}
          alt={`Design ${variant}`}
          width={1024}
          height={1024}
          loading="lazy"
          className="aspect-square w-full bg-loam object-cover"
        />
      )}
      {showsEdit && design.editPrompt && (
        <p className="px-4 pt-3 text-sm text-bone">
          Edited: &ldquo;{design.editPrompt}&rdquo; (the analysis below is of the design before the edit).
        </p>
      )}
      {/* The generation prompt (spec: shown if present), folded: it is written for the generator. */}
      {prompt && (
        <details className="group px-4 py-3">
          <summary className="cursor-pointer font-condensed text-base font-bold uppercase tracking-wider text-coyote-300 hover:text-bone">
            How it was made
          </summary>
          <p className="pt-2 text-sm leading-relaxed text-sage">{prompt}</p>
        </details>
      )}
      {analysis && <VariantAnalysis variant={variant} markdown={analysis} />}
    </li>
  );
}

// The Markdown renderer is a chunk of its own, fetched when someone opens an analysis.
const DesignAnalysis = lazy(() =>
  import('@/components/design/design-analysis').then((module) => ({
    default: module.DesignAnalysis,
  })),
);

function VariantAnalysis({ variant, markdown }: { variant: Variant; markdown: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group border-t border-olive-900 px-4 py-3"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300 hover:text-bone">
        Design {variant} analysis
      </summary>
      {open && (
        <Suspense fallback={<p className="text-sage">{messages.loading}</p>}>
          <DesignAnalysis markdown={markdown} />
        </Suspense>
      )}
    </details>
  );
}
