import { messages } from '@camo/shared/messages';
import type { Design, Variant } from '@camo/shared/generation.schema';
import { stateName } from '@camo/shared/states';

/** "Maricopa, AZ", or the state's name alone when there is no county ('N/A' is the record's empty value). */
export function locationLabel(state: string, county: string): string {
  const c = county.trim();
  return c && c !== messages.countyMissing ? `${c}, ${state}` : (stateName(state) ?? state);
}

export function variantUrl(design: Design, variant: Variant): string | null {
  return variant === 'A' ? design.designAUrl : design.designBUrl;
}

export function availableVariants(design: Design): Variant[] {
  return (['A', 'B'] as const).filter((v) => variantUrl(design, v) !== null);
}

/** Spec §8, the design detail page. */
export const designPageMessages = {
  notFound: messages.designNotFound,
  fetchFailed: messages.designFetchFailed,
} as const;
