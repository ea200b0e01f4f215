import { useId, useState } from 'react';
import { useControlReady } from '@/lib/hydration';
import { useScreenScale } from '../lib/screen-scale';
import { CardCalibration } from './card-calibration';
import { CmRuler } from './cm-ruler';

/** The longest repeat a design can have (decision 035), so the ruler always reaches past one. */
const RULER_SPAN_CM = 200;

/**
 * The design at its printed size on this screen, with a ruler (issue 45 item 3). Shown when asked,
 * so nothing of it is drawn or fetched before; true only once the screen is calibrated with a card,
 * and the page says so until then.
 */
export function TrueSize({ imageUrl, repeatCm, name }: { imageUrl: string; repeatCm: number; name: string }) {
  const id = useId();
  const ready = useControlReady();
  const [open, setOpen] = useState(false);
  const [scale, setScale] = useScreenScale();
  const [draft, setDraft] = useState<number | null>(null);
  const pxPerMm = draft ?? scale.pxPerMm;
  const tilePx = repeatCm * 10 * pxPerMm;

  return (
    <section aria-labelledby={`${id}-title`} className="card flex flex-col gap-4 p-5" data-testid="true-size">
      <div className="flex flex-col gap-1">
        <h2
          id={`${id}-title`}
          className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone"
        >
          At true size
        </h2>
        <p className="max-w-prose text-sage">
          The pattern as big as it prints, one repeat every {repeatCm} cm, with a ruler in centimetres.
        </p>
      </div>
      <button
        type="button"
        className="btn btn-secondary self-start"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
        {...ready()}
      >
        {open ? 'Hide true size' : 'Show at true size'}
      </button>
      {open && (
        <div id={`${id}-body`} className="flex flex-col gap-3">
          <p
            aria-live="polite"
            data-testid="scale-status"
            className={scale.calibrated ? 'text-bone' : 'text-coyote-300'}
          >
            {draft !== null
              ? 'Calibrating: the pattern follows the outline as you move the slider.'
              : scale.calibrated
                ? `Calibrated for this screen: ${(scale.pxPerMm * 10).toFixed(1)} screen pixels a centimetre.`
                : 'Not calibrated: sizes follow the browser’s standard inch, which can be a quarter or more off on this screen. Calibrate with a card for true size.'}
          </p>
          <div className="overflow-hidden rounded border border-olive-800">
            <CmRuler pxPerMm={pxPerMm} repeatCm={repeatCm} spanCm={RULER_SPAN_CM} />
            <div
              role="img"
              aria-label={`${name} at true size: the pattern repeats every ${repeatCm} cm`}
              data-testid="true-size-swatch"
              className="h-72 w-full bg-loam"
              style={{
                backgroundImage: `url(${imageUrl})`,
                backgroundSize: `${tilePx}px ${tilePx}px`,
                backgroundRepeat: 'repeat',
              }}
            />
          </div>
          {draft === null ? (
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn btn-quiet" onClick={() => setDraft(scale.pxPerMm)}>
                {scale.calibrated ? 'Calibrate again' : 'Calibrate with a card'}
              </button>
              {scale.calibrated && (
                <button
                  type="button"
                  className="btn btn-quiet"
                  onClick={() => setScale({ pxPerMm: scale.pxPerMm, calibrated: false })}
                >
                  Forget the calibration
                </button>
              )}
            </div>
          ) : (
            <CardCalibration
              pxPerMm={draft}
              onChange={setDraft}
              onSave={() => {
                setScale({ pxPerMm: draft, calibrated: true });
                setDraft(null);
              }}
              onCancel={() => setDraft(null)}
            />
          )}
        </div>
      )}
    </section>
  );
}
