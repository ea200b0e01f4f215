import type { GroundCard } from '@camo/shared/breeding.schema';
import { useControlReady } from '@/lib/hydration';
import { breedingStyles } from '../lib/breeding-text';

/** Organic or Digital, as two radio buttons in a fieldset. */
export function StyleChoice({
  name,
  value,
  onChange,
  disabled,
}: {
  /** The radio group's name, unique on the page. */
  name: string;
  value: GroundCard['variant'];
  onChange: (variant: GroundCard['variant']) => void;
  disabled?: boolean;
}) {
  // Each radio disabled on its own until the app can act on it (lib/hydration.ts).
  const ready = useControlReady();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-condensed text-lg font-bold uppercase tracking-wider text-bone">
        Style
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {breedingStyles.map((style) => (
          <label key={style.id} className="flex min-h-11 cursor-pointer items-center gap-2 text-bone">
            <input
              type="radio"
              name={name}
              value={style.id}
              checked={value === style.id}
              onChange={() => onChange(style.id)}
              {...ready(disabled)}
              className="size-5 accent-blaze"
            />
            {style.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
