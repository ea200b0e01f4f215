import { generationMessages } from '@camo/shared/generation.schema';
import { limits } from '@camo/shared/limits';
import { useState, type FormEvent } from 'react';
import { canGenerate, type CreateForm } from '../lib/create-form';
import { DesignToggleFields } from './design-toggles';
import { LocationFields } from './location-fields';
import { PhotoPicker } from './photo-picker';

/** Step 1 of /create-design (spec §2): photo, description, state, county, toggles, Generate Design. */
export function DesignForm({
  form,
  onChange,
  onPhoto,
  onGenerate,
  serverError,
}: {
  form: CreateForm;
  onChange: (changes: Partial<CreateForm>) => void;
  onPhoto: (file: File) => void;
  onGenerate: () => void;
  /** A 4xx message from the last Generate (the inputs stay as they were). */
  serverError: string | null;
}) {
  const [missing, setMissing] = useState(false);
  const ready = canGenerate(form);
  const error = !ready && missing ? generationMessages.missingInputs : serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onGenerate();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8" aria-labelledby="step-heading">
      <PhotoPicker file={form.photo} previewUrl={form.previewUrl} onPick={onPhoto} />

      <div className="flex flex-col gap-2">
        <label
          htmlFor="description"
          className="font-condensed text-xl font-bold uppercase tracking-wider text-bone"
        >
          Description
        </label>
        <textarea
          id="description"
          required
          aria-required="true"
          maxLength={limits.descriptionMax}
          rows={4}
          value={form.description}
          onChange={(event) => onChange({ description: event.target.value })}
          aria-describedby="description-count"
          placeholder="Dense oak timber in late fall, leaf litter and grey trunks, some evergreen underbrush."
          className="field-input resize-y leading-relaxed"
        />
        <p id="description-count" className="text-right text-sm tabular-nums text-sage">
          {form.description.length}/{limits.descriptionMax} characters
        </p>
      </div>

      <LocationFields
        state={form.state}
        county={form.county}
        onStateChange={(state) => onChange({ state, county: '' })}
        onCountyChange={(county) => onChange({ county })}
      />

      <DesignToggleFields value={form.toggles} onChange={(toggles) => onChange({ toggles })} />

      <div className="flex flex-col gap-3 border-t border-olive-900 pt-6">
        {error && (
          <p role="alert" className="font-semibold text-danger">
            {error}
          </p>
        )}
        <button
          type="submit"
          aria-disabled={!ready}
          aria-describedby={ready ? undefined : 'generate-needs'}
          className="btn btn-primary w-full sm:w-fit sm:min-w-64"
        >
          Generate Design
        </button>
        {!ready && (
          <p id="generate-needs" className="text-sm text-sage">
            Needs a photo, a state and a description.
          </p>
        )}
      </div>
    </form>
  );
}
