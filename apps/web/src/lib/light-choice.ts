import { DEFAULT_LIGHT, lights, type Light } from '@camo/shared/vocabulary';
import { storedChoice } from './stored-choice';

/** Where the browser remembers the light chosen (daylight, or dawn or dusk), beside the eye. */
export const LIGHT_STORAGE_KEY = 'hiding-light';

/** The stored light; anything we did not write is daylight. */
export const parseSavedLight = (raw: string | null): Light =>
  (lights as readonly (string | null)[]).includes(raw) ? (raw as Light) : DEFAULT_LIGHT;

const useStoredLight = storedChoice<Light>(LIGHT_STORAGE_KEY, parseSavedLight, DEFAULT_LIGHT);
const writeLight = (light: Light) => light;

/** The light every page remembers (issue 43 item 3), as the eye is: chosen once, it holds on every page. */
export function useLightChoice(): [Light, (light: Light) => void] {
  return useStoredLight(writeLight);
}
