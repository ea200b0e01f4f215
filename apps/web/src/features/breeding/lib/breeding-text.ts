import { breedingMessages, breedingStyles } from '@camo/shared/breeding';
import type { GroundCard } from '@camo/shared/breeding.schema';
import { locationLabel } from '@/lib/design-view';

/** "Organic" or "Digital". */
export const styleLabel = (variant: GroundCard['variant']): string =>
  breedingStyles.find((style) => style.id === variant)?.label ?? variant;

/** "Coconino, AZ", or the state's name. */
export const placeLabel = (ground: Pick<GroundCard, 'state' | 'county'>): string =>
  locationLabel(ground.state, ground.county);

/** Where a ground is: drawing its first generation, judging one, or drawing the next. */
export function statusText(ground: Pick<GroundCard, 'status' | 'generation'>): string {
  switch (ground.status) {
    case 'starting':
      return 'Drawing the first generation';
    case 'judging':
      return `Judging generation ${ground.generation}`;
    case 'breeding':
      return `Drawing generation ${ground.generation + 1}`;
  }
}

/** Seconds with one decimal, or the table's word for a bound the rounds have not set. */
export const secondsOrUnknown = (ms: number | null): string =>
  ms === null ? 'not yet known' : `${(ms / 1000).toFixed(1)} s`;

export const breedingText = {
  title: 'Breeding grounds',
  intro: 'A breeding ground breeds camouflage for one place, judged by the people who play hide and seek.',
  steps: [
    'Someone starts a ground from a photo of a place, and the site draws a batch of designs for it.',
    'You play its rounds in hide and seek. A design is judged once enough different players have hunted it.',
    'The third that stayed hidden longest become the parents of the next batch. Fresh designs are drawn beside them, so anyone can see whether breeding beats starting over.',
  ],
  empty: 'No breeding grounds yet. Start one from a design in the gallery, or from your own ground photo.',
  loadFailed: 'The breeding grounds could not be loaded. Please try again.',
  play: 'Play this ground',
  playedAll:
    'You have played every design of this generation. The next is drawn once enough players have played them all.',
  signIn: 'Log in to play this ground and help judge its designs.',
  logIn: 'Log In',
  drawing: 'The first designs are being drawn. This page updates by itself.',
  startedBy: (name: string) => `Started by ${name || 'Anonymous'}`,
} as const;

export { breedingMessages, breedingStyles };
