import { randomDesignName } from '@camo/shared/design-names';
import { generationMessages, type Design } from '@camo/shared/generation.schema';
import { limits } from '@camo/shared/limits';
import { DEFAULT_REPEAT_CM, isRepeatCm, REPEAT_CM_MAX, REPEAT_CM_MIN, shapesText } from '@camo/shared/shapes';
import { useState, type FormEvent } from 'react';
import { submitDesign } from '@/lib/design-actions';
import { ExportLinks } from '@/components/design/export-links';
import { locationLabel, variantUrl } from '@/lib/design-view';
import { ApiRequestError } from '@/lib/api-client';
import { EditBox } from './edit-box';
import { StepHeading } from './step-heading';
import { EnvironmentPhoto } from '@/components/design/environment-photo';
import { LocalDate } from '@/components/ui/local-date';

type Choice = 'original' | 'edited';

/** The typed repeat as whole centimetres within the bounds (the server's rule), or null (decision 035). */
function parseRepeat(typed: string): number | null {
  const n = Number(typed.trim());
  return typed.trim() !== '' && isRepeatCm(n) ? n : null;
}

/**
 * The finalisation view (spec §2, §4): showcase, the one edit, Use Original / Use Edited, the
 * environment photo, the details, the name with Generate Random Name, and Submit Design.
 */
export function DesignFinalize({
  design,
  onDesign,
  onChangeSelection,
  onSubmitted,
  notice,
}: {
  design: Design;
  /** The outcome message when the flow arrives here without a choice (only one design came out). */
  notice: string | null;
  onDesign: (design: Design) => void;
  /** Back to the choice of A or B; only offered while the design has no edit. */
  onChangeSelection: (() => void) | null;
  onSubmitted: (design: Design) => void;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [name, setName] = useState('');
  // The printed repeat (decision 035), kept as typed so a slip loses nothing.
  const [repeat, setRepeat] = useState(String(DEFAULT_REPEAT_CM));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const variant = design.selectedVariant;
  const original = variant ? variantUrl(design, variant) : null;
  // With an edit, the name and Submit wait for Use Original or Use Edited (spec §4).
  const waitingForChoice = design.hasEdits && choice === null;
  // Submit refused while the edit ran (409): said until the edit is done, then the choice takes over.
  const shownError = error === generationMessages.editStillRunning && design.hasEdits ? null : error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || waitingForChoice) return;
    if (!variant) return setError(generationMessages.submitNeedsSelection);
    if (!name.trim()) return setError(generationMessages.nameRequired);
    const repeatCm = parseRepeat(repeat);
    if (repeatCm === null) return setError(shapesText.repeatInvalid);
    setError(null);
    setSubmitting(true);
    try {
      // Without a choice the server takes the edited version when there is one (spec §4).
      const submitted = await submitDesign(design.id, {
        name,
        repeatCm,
        ...(design.hasEdits && choice ? { finalDesignChoice: choice } : {}),
      });
      onSubmitted(submitted);
    } catch (caught) {
      const specific =
        caught instanceof ApiRequestError && [400, 404, 409].includes(caught.status) ? caught.message : null;
      setError(specific ?? generationMessages.submitFailed);
      setSubmitting(false);
    }
  };

  return (
    <section className="flex flex-col gap-8" aria-labelledby="step-heading">
      <div className="flex flex-col gap-2">
        <StepHeading>Finish your design</StepHeading>
        <p className="text-sage">
          Design {variant} it is. Make one edit if it needs it, give it a name and submit it to the gallery.
        </p>
        {notice && (
          <p role="status" className="text-lg text-olive-300">
            {notice}
          </p>
        )}
      </div>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <div className={`grid gap-4 ${design.hasEdits ? 'sm:grid-cols-2' : ''}`}>
            <Showcase
              title={`Original (Design ${variant})`}
              src={original}
              chosen={design.hasEdits && choice === 'original'}
            />
            {design.hasEdits && design.editedImageUrl && (
              <Showcase
                title="Edited"
                src={design.editedImageUrl}
                chosen={choice === 'edited'}
                caption={design.editPrompt}
              />
            )}
          </div>
          {design.hasEdits && design.editNote && <p className="text-sm text-sage">{design.editNote}</p>}

          {design.hasEdits ? (
            <fieldset className="card flex flex-col gap-3 p-4 sm:p-5">
              <legend className="sr-only">Which version to submit</legend>
              <p
                className="font-condensed text-xl font-bold uppercase tracking-wider text-bone"
                aria-hidden="true"
              >
                Which version?
              </p>
              <p className="text-sm text-sage">Your one edit is done. Choose the version to submit.</p>
              <div className="flex flex-wrap gap-3">
                {(['original', 'edited'] as const).map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={choice === option}
                    onClick={() => setChoice(option)}
                    className={`btn ${choice === option ? 'btn-primary' : 'btn-secondary'}`}
                  >
                    {option === 'original' ? 'Use Original' : 'Use Edited'}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : (
            <EditBox design={design} onEdited={onDesign} />
          )}

          {onChangeSelection && !design.hasEdits && (
            <button type="button" onClick={onChangeSelection} className="btn btn-quiet btn-sm w-fit">
              Back to Design A and B
            </button>
          )}
        </div>

        <div className="flex flex-col gap-6">
          <EnvironmentPhoto design={design} label="Environment reference" />
          <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 sm:p-5">
            <dt className="eyebrow">Location</dt>
            <dd className="text-bone">{locationLabel(design.state, design.county)}</dd>
            <dt className="eyebrow">Generated</dt>
            <dd className="text-bone">
              <LocalDate iso={design.createdAt} />
            </dd>
            <dt className="eyebrow">Selected</dt>
            <dd className="text-bone">Design {variant}</dd>
          </dl>
          <div className="card p-4 sm:p-5">
            <ExportLinks designId={design.id} />
          </div>
        </div>
      </div>

      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="card flex flex-col gap-4 p-4 sm:p-6"
      >
        <label
          htmlFor="design-name"
          className="font-condensed text-xl font-bold uppercase tracking-wider text-bone"
        >
          Design name
        </label>
        {waitingForChoice && (
          <p id="name-waits" className="text-sm text-sage">
            Choose Use Original or Use Edited first.
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id="design-name"
            type="text"
            required
            aria-required="true"
            maxLength={limits.designNameMax}
            value={name}
            disabled={waitingForChoice || submitting}
            aria-describedby={waitingForChoice ? 'name-waits name-count' : 'name-count'}
            aria-invalid={error === generationMessages.nameRequired ? true : undefined}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            className="field-input sm:flex-1"
          />
          <button
            type="button"
            disabled={waitingForChoice || submitting}
            onClick={() => {
              setName(randomDesignName(Math.random, design.environmentDescription));
              setError(null);
            }}
            className="btn btn-quiet shrink-0"
          >
            Generate Random Name
          </button>
        </div>
        <p id="name-count" className="text-right text-sm tabular-nums text-sage">
          {name.length}/{limits.designNameMax} characters
        </p>
        <label
          htmlFor="design-repeat"
          className="font-condensed text-lg font-bold uppercase tracking-wider text-bone"
        >
          {shapesText.repeatLabel}
        </label>
        <input
          id="design-repeat"
          type="number"
          inputMode="numeric"
          min={REPEAT_CM_MIN}
          max={REPEAT_CM_MAX}
          step={1}
          value={repeat}
          disabled={waitingForChoice || submitting}
          aria-describedby="repeat-help"
          aria-invalid={error === shapesText.repeatInvalid ? true : undefined}
          onChange={(event) => setRepeat(event.target.value)}
          className="field-input w-32"
        />
        <p id="repeat-help" className="text-sm text-sage">
          {shapesText.repeatHelp}
        </p>
        {shownError && (
          <p role="alert" className="font-semibold text-danger">
            {shownError}
          </p>
        )}
        <button
          type="submit"
          disabled={waitingForChoice || submitting}
          className="btn btn-primary w-full sm:w-fit sm:min-w-64"
        >
          {submitting ? 'Submitting...' : 'Submit Design'}
        </button>
      </form>
    </section>
  );
}

function Showcase({
  title,
  src,
  chosen,
  caption,
}: {
  title: string;
  src: string | null;
  chosen: boolean;
  caption?: string | null;
}) {
  return (
    <figure className={`card overflow-hidden ${chosen ? 'border-blaze ring-2 ring-blaze' : ''}`}>
      <figcaption className="flex items-center justify-between gap-2 px-4 py-2.5">
        <span className="font-condensed text-lg font-bold uppercase tracking-wider text-bone">{title}</span>
        {chosen && (
          <span className="rounded bg-blaze px-2 py-0.5 font-condensed text-sm font-bold uppercase text-night">
            Chosen
          </span>
        )}
      </figcaption>
      {src ? (
        <img
          src={src}
          alt={title}
          width={1024}
          height={1024}
          decoding="async"
          className="aspect-square w-full bg-loam object-cover"
        />
      ) : (
        <div className="camo-texture aspect-square w-full" />
      )}
      {caption && <p className="px-4 py-2.5 text-sm text-sage">&ldquo;{caption}&rdquo;</p>}
    </figure>
  );
}
