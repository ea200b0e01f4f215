import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useHydrated } from '@/lib/hydration';

/**
 * A labelled row of options, one chosen (a radio group drawn as segments): arrow keys move
 * between them, a tap picks one. Until the page has hydrated, a choice would be lost, so the
 * options wait (without looking dimmed).
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
  return (
    <RadioGroup
      value={String(value)}
      onChange={(chosen) => {
        const option = options.find((o) => String(o.value) === chosen);
        if (option) onChange(option.value);
      }}
      orientation="horizontal"
      isDisabled={!hydrated}
      className="flex flex-col gap-2"
    >
      <Label className="font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300">
        {label}
      </Label>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={String(option.value)}
            className="flex min-h-11 min-w-14 cursor-pointer items-center justify-center rounded-md border-2 border-olive-500 bg-night px-3 font-semibold text-bone outline-none transition-colors hover:border-olive-300 data-[disabled]:cursor-progress data-[selected]:border-blaze data-[selected]:bg-blaze data-[selected]:text-night data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-blaze"
          >
            {option.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
