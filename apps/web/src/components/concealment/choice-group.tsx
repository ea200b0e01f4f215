import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useHydrated } from '@/lib/hydration';

const LABEL = 'font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300';
const SEGMENT =
  'flex min-h-11 min-w-14 cursor-pointer items-center justify-center rounded-md border-2 border-olive-500 bg-night px-3 font-semibold text-bone outline-none transition-colors hover:border-olive-300 data-[disabled]:cursor-progress data-[selected]:border-blaze data-[selected]:bg-blaze data-[selected]:text-night data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-blaze';

/**
 * A labelled row of options, one chosen (a radio group drawn as segments): arrow keys move
 * between them, a tap picks one. Until the page has hydrated, a choice would be lost, and
 * react-aria's radios hide their inputs with a style attribute, which the site's CSP
 * (style-src 'self') refuses in server-rendered HTML: the server's render draws the same segments
 * without inputs, and the browser swaps in the radio group once it has hydrated.
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
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <div className="flex flex-col gap-2">
        <span className={LABEL}>{label}</span>
        <div className="flex flex-wrap gap-2">
          {options.map((option) => (
            <span
              key={option.value}
              className={SEGMENT}
              data-selected={option.value === value ? 'true' : undefined}
            >
              {option.label}
            </span>
          ))}
        </div>
      </div>
    );
  return (
    <RadioGroup
      value={String(value)}
      onChange={(chosen) => {
        const option = options.find((o) => String(o.value) === chosen);
        if (option) onChange(option.value);
      }}
      orientation="horizontal"
      className="flex flex-col gap-2"
    >
      <Label className={LABEL}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <Radio key={option.value} value={String(option.value)} className={SEGMENT}>
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
