import type { DesignCard } from '@camo/shared/api.schema';

/** Spec §9: the Design Studio reads up to 10 latest designs to find this month's submission. */
export const STUDIO_DESIGN_LIMIT = 10;

/**
 * The user's submission of the open contest month, from their designs newest first. The months,
 * the open one and each design's, are the server's (the site's time zone; style.md: time in one
 * place), never the device's.
 */
export function thisMonthsSubmission(
  designs: readonly DesignCard[],
  currentMonth: string,
): DesignCard | undefined {
  return designs
    .slice(0, STUDIO_DESIGN_LIMIT)
    .find((design) => design.status === 'submitted' && design.contestMonth === currentMonth);
}
