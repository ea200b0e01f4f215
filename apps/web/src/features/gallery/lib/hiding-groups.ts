import type { DesignCard } from '@camo/shared/api.schema';

export type HidingGroup = 'measured' | 'predicted' | 'none';

/**
 * "Hardest to spot" before the predictor is calibrated: the server sends the game's measured
 * designs first (seconds hidden), then predicted ones (0-100), then those not yet predicted; the
 * two scales do not mix, so the page shows them as groups under their own headings. Once any
 * predicted card is on the measured scale (calibrated), the order is one ranking: null.
 */
export function hidingGroups(
  designs: readonly DesignCard[],
): { group: HidingGroup; designs: DesignCard[] }[] | null {
  if (designs.some((d) => d.hiding?.source === 'predicted' && d.hiding.calibrated)) return null;
  const groupOf = (d: DesignCard): HidingGroup => d.hiding?.source ?? 'none';
  return (['measured', 'predicted', 'none'] as const)
    .map((group) => ({ group, designs: designs.filter((d) => groupOf(d) === group) }))
    .filter((g) => g.designs.length > 0);
}
