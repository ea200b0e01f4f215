import { useId } from 'react';
import { useControlReady } from '@/lib/hydration';

const LABEL = 'mb-2 font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300';
const SEGMENT =
  'flex min-h-11 min-w-14 cursor-pointer items-center justify-center rounded-md border-2 border-olive-500 bg-night px-3 font-semibold text-bone transition-colors hover:border-olive-300 has-disabled:cursor-progress has-checked:border-blaze has-checked:bg-blaze has-checked:text-night has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blaze';

/**
 * A labelled row of options, one chosen: the browser's own radio buttons in a fieldset, each drawn
 * as a segment (arrow keys move between them, a tap picks one). Native inputs need no script of
 * their own and no style attribute (which the site's CSP, style-src 'self', refuses in
 * server-rendered HTML); until the page has hydrated they are disabled, so a choice is not lost.
 */
export function ChoiceGroup<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  const ready = useControlReady();
  return (
    <fieldset className="flex min-w-0 flex-col">
      <legend className={LABEL}>{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={SEGMENT}>
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={String(option.value)}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              {...ready()}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
