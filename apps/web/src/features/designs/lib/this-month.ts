import type { DesignCard } from '@camo/shared/api';

/** Spec §9: the Design Studio reads up to 10 latest designs to find this month's submission. */
export const STUDIO_DESIGN_LIMIT = 10;

/**
 * The user's submission of the current calendar month, from their designs newest first. Months
 * are UTC months, as the contest's are (architecture: time in one place).
 */
export function thisMonthsSubmission(
  designs: readonly DesignCard[],
  now = new Date(),
): DesignCard | undefined {
  const month = `${now.getUTCFullYear()}-${now.getUTCMonth()}`;
  return designs.slice(0, STUDIO_DESIGN_LIMIT).find((design) => {
    if (design.status !== 'submitted') return false;
    const created = new Date(design.createdAt);
    return `${created.getUTCFullYear()}-${created.getUTCMonth()}` === month;
  });
}
