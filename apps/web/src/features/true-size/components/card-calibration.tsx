import { useId } from 'react';
import { CARD_MM, PX_PER_MM_RANGE } from '../lib/screen-scale';

/** Card corners: ISO/IEC 7810's 3.18 mm radius. */
const CORNER_MM = 3.18;

/**
 * Calibrating the screen with a bank card (issue 45 item 3): the card's outline drawn at the scale
 * being tried, upright so that it fits a phone held upright too, and a slider that grows or shrinks
 * it until it matches the card held against the glass.
 */
export function CardCalibration({
  pxPerMm,
  onChange,
  onSave,
  onCancel,
}: {
  pxPerMm: number;
  onChange: (pxPerMm: number) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 border-t border-olive-800 pt-4" data-testid="card-calibration">
      <legend className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
        Calibrate with a card
      </legend>
      <p className="max-w-prose text-sage">
        Hold a bank card upright against the screen inside the outline. Move the slider until the outline is
        exactly the card&apos;s size ({CARD_MM.long} by 54 mm), then save. Zooming the page undoes it.
      </p>
      <div className="overflow-hidden">
        <div
          aria-hidden="true"
          data-testid="card-outline"
          className="border-2 border-dashed border-bone"
          style={{
            width: `${CARD_MM.short * pxPerMm}px`,
            height: `${CARD_MM.long * pxPerMm}px`,
            borderRadius: `${CORNER_MM * pxPerMm}px`,
          }}
        />
      </div>
      <label htmlFor={`${id}-size`} className="font-semibold text-bone">
        Outline size
      </label>
      <input
        id={`${id}-size`}
        type="range"
        min={PX_PER_MM_RANGE.min * 100}
        max={PX_PER_MM_RANGE.max * 100}
        step={1}
        value={Math.round(pxPerMm * 100)}
        onChange={(event) => onChange(Number(event.target.value) / 100)}
        aria-valuetext={`${(pxPerMm * 10).toFixed(1)} screen pixels a centimetre`}
        className="w-full max-w-md accent-blaze"
      />
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" onClick={onSave}>
          Save calibration
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
