import { defaultDesignToggles, type DesignToggles } from '@camo/shared/generation.schema';
import type { StateCode } from '@camo/shared/states';

/** What step 1 holds; kept by the page so Go Back from step 2 finds it as it was. */
export type CreateForm = {
  photo: File | null;
  /** An object URL of `photo`, revoked when the photo changes or the page goes. */
  previewUrl: string | null;
  description: string;
  state: StateCode | null;
  county: string;
  toggles: DesignToggles;
};

export const emptyCreateForm = (): CreateForm => ({
  photo: null,
  previewUrl: null,
  description: '',
  state: null,
  county: '',
  toggles: defaultDesignToggles(),
});

/** Spec §4: Generate Design needs a photo, a state and a non-empty description. */
export function canGenerate(form: CreateForm): boolean {
  return form.photo !== null && form.state !== null && form.description.trim().length > 0;
}
