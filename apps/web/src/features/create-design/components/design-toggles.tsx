import { designToggleNames, type DesignToggleName, type DesignToggles } from '@camo/shared/generation.schema';
import { Switch } from 'react-aria-components';
import { TogglePreview } from './toggle-previews';

/** The label and one-line explanation of each design-element toggle (spec §3 names). */
export const toggleCopy: Record<DesignToggleName, { label: string; hint: string }> = {
  blobs: { label: 'Blobs', hint: 'Big rounded shapes that break up your outline at a distance.' },
  contourLines: { label: 'Contour Lines', hint: 'Topographic lines that follow the lay of the land.' },
  speckledDots: { label: 'Speckled Dots', hint: 'Fine speckles that add texture up close.' },
  geometricShapes: {
    label: 'Geometric Shapes',
    hint: 'Straight-edged shards for rock, scree or man-made cover.',
  },
  organicObjects: { label: 'Organic Objects', hint: 'Leaf and branch silhouettes worked into the pattern.' },
  highContrast: {
    label: 'High Contrast',
    hint: 'Darker darks and lighter lights that break up shape in bright sun.',
  },
  limitedPalette: { label: 'Limited Palette', hint: 'Just three colours, bold and simple.' },
  outlineStrokes: {
    label: 'Outline Strokes',
    hint: 'Dark edges around shapes, like shadows between leaves.',
  },
  whiteSpace: { label: 'White Space', hint: 'Open light ground for snow, sand or dry grass.' },
};

export function DesignToggleFields({
  value,
  onChange,
  isDisabled,
}: {
  value: DesignToggles;
  onChange: (next: DesignToggles) => void;
  isDisabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Design elements{' '}
        <span className="text-base font-semibold normal-case tracking-normal text-sage">(optional)</span>
      </legend>
      <p className="text-sm text-sage">
        Hints for the generator. Leave them all off and it decides from your photo.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {designToggleNames.map((name) => {
          const copy = toggleCopy[name];
          return (
            <li key={name}>
              <Switch
                isSelected={value[name]}
                onChange={(selected) => onChange({ ...value, [name]: selected })}
                isDisabled={isDisabled}
                aria-label={copy.label}
                aria-describedby={`toggle-${name}-hint`}
                className="group flex h-full cursor-pointer items-center gap-3 rounded-md border-2 border-olive-900 bg-night p-3 outline-none transition-colors hover:border-olive-500 data-[selected]:border-blaze/80 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-blaze data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60"
              >
                <TogglePreview name={name} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-condensed text-lg font-bold uppercase leading-tight tracking-wide text-bone">
                    {copy.label}
                  </span>
                  <span id={`toggle-${name}-hint`} className="text-sm leading-snug text-sage">
                    {copy.hint}
                  </span>
                </span>
                <span
                  aria-hidden="true"
                  className="flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-olive-300 bg-loam p-0.5 transition-colors group-data-[selected]:border-blaze group-data-[selected]:bg-blaze"
                >
                  <span className="size-5 rounded-full bg-bone shadow transition-transform group-data-[selected]:translate-x-5 group-data-[selected]:bg-night" />
                </span>
              </Switch>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
