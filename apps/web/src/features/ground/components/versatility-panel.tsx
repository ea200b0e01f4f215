import type { Versatility } from '@camo/shared/concealment.schema';
import { groundText, VERSATILITY } from '@camo/shared/ground';

/**
 * "Beyond its own photo": the design's predicted hiding across photos of other designs from its
 * state (median and worst), the "works across N places" badge when earned, or why there is no
 * figure yet. `null` is not yet measured.
 */
export function VersatilityPanel({ versatility }: { versatility: Versatility }) {
  return (
    <section aria-labelledby="versatility-title" className="card flex flex-col gap-3 p-5">
      <h2
        id="versatility-title"
        className="font-condensed text-xl font-bold uppercase tracking-wider text-coyote-300"
      >
        {groundText.versatilityTitle}
      </h2>
      {versatility === null ? (
        <p className="text-sage">{groundText.versatilityPending}</p>
      ) : (
        <>
          {versatility.badge && (
            <p className="self-start rounded border border-olive-500 px-2 py-0.5 text-sm font-semibold uppercase tracking-wider text-coyote-300">
              {groundText.badge(versatility.places)}
            </p>
          )}
          {versatility.places > 0 && (
            <p className="text-bone" data-testid="versatility">
              {groundText.versatility(versatility.median, versatility.worst, versatility.places)}
            </p>
          )}
          {versatility.places < VERSATILITY.minPhotos && (
            <p className="text-sage">{groundText.versatilityTooFew(versatility.places)}</p>
          )}
        </>
      )}
    </section>
  );
}
