import type { GroundCard } from '@camo/shared/breeding.schema';
import { generationMessages } from '@camo/shared/generation';
import { limits } from '@camo/shared/limits';
import type { StateCode } from '@camo/shared/states';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useControlReady } from '@/lib/hydration';
import { useStartGround } from '../api/breeding';
import { breedingMessages } from '../lib/breeding-text';
import { StyleChoice } from './style-choice';

/** The create flow's state and county fields, as the route hands them in (a feature imports no other). */
export type LocationFieldsProps = {
  state: StateCode | null;
  county: string;
  onStateChange: (state: StateCode | null) => void;
  onCountyChange: (county: string) => void;
  isDisabled?: boolean;
};

export const startGroundText = {
  title: 'Start a breeding ground',
  agree:
    'I agree that this photo is shown in hide-and-seek rounds and on the ground’s page, and kept as long as the ground lives, even if I delete it here.',
  describe: 'Please describe the place.',
  submit: 'Start breeding',
  starting: 'Starting…',
} as const;

type Problems = Partial<Record<'state' | 'description' | 'agree', string>>;

/**
 * "Start a breeding ground" under one of the person's own ground photos: where it is, what it is,
 * the style, and their agreement that the photo is shown in rounds and on the ground's page (it
 * is private until then). On success, the new ground's page.
 */
export function StartGroundForm({
  photoId,
  LocationFields,
}: {
  photoId: string;
  LocationFields: ComponentType<LocationFieldsProps>;
}) {
  const id = useId();
  const navigate = useNavigate();
  const start = useStartGround();
  const ready = useControlReady();
  const [state, setState] = useState<StateCode | null>(null);
  const [county, setCounty] = useState('');
  const [description, setDescription] = useState('');
  const [variant, setVariant] = useState<GroundCard['variant']>('A');
  const [agree, setAgree] = useState(false);
  const [problems, setProblems] = useState<Problems>({});

  const check = (): Problems => ({
    ...(state ? {} : { state: generationMessages.unknownState }),
    ...(description.trim() ? {} : { description: startGroundText.describe }),
    ...(agree ? {} : { agree: breedingMessages.needsAgreement }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || !state) return;
    start.mutate(
      { source: 'ground', photoId, variant, state, county, description: description.trim(), agree: true },
      { onSuccess: ({ id: groundId }) => void navigate(`/breeding/${encodeURIComponent(groundId)}`) },
    );
  };

  const listed = Object.entries(problems);
  const errorId = (field: keyof Problems) => (problems[field] ? `${id}-${field}-error` : undefined);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={startGroundText.title}>
      <div
        // One column in the photo's card, however wide the screen.
        className={`[&>div]:grid-cols-1 ${problems.state ? 'rounded outline-2 outline-offset-4 outline-danger' : ''}`}
      >
        <LocationFields
          state={state}
          county={county}
          onStateChange={(next) => {
            setState(next);
            setCounty('');
          }}
          onCountyChange={setCounty}
          isDisabled={start.isPending}
        />
      </div>
      <div className="flex flex-col gap-2">
        <label
          htmlFor={`${id}-description`}
          className="font-condensed text-lg font-bold uppercase tracking-wider text-bone"
        >
          Description
        </label>
        <textarea
          id={`${id}-description`}
          required
          aria-required="true"
          aria-invalid={problems.description ? true : undefined}
          aria-describedby={errorId('description')}
          maxLength={limits.descriptionMax}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="Cattails and reeds on a marsh edge, brown and green."
          className="field-input resize-y leading-relaxed"
          {...ready(start.isPending)}
        />
      </div>
      <StyleChoice name={`${id}-style`} value={variant} onChange={setVariant} disabled={start.isPending} />
      <label className="flex cursor-pointer items-start gap-3 text-bone">
        <input
          type="checkbox"
          checked={agree}
          onChange={(event) => setAgree(event.target.checked)}
          aria-invalid={problems.agree ? true : undefined}
          aria-describedby={errorId('agree')}
          {...ready(start.isPending)}
          className="mt-0.5 size-5 shrink-0 accent-blaze"
        />
        <span>{startGroundText.agree}</span>
      </label>
      {(listed.length > 0 || start.isError) && (
        <div role="alert" className="flex flex-col gap-1 font-semibold text-danger">
          {listed.map(([field, message]) => (
            <p key={field} id={`${id}-${field}-error`}>
              {message}
            </p>
          ))}
          {listed.length === 0 && start.isError && <p>{start.error.message}</p>}
        </div>
      )}
      <button type="submit" className="btn btn-primary self-start" {...ready(start.isPending)}>
        {start.isPending ? startGroundText.starting : startGroundText.submit}
      </button>
    </form>
  );
}
