import { z } from './zod.js';
import { cleanName } from './text-clean.js';
import { limits } from './limits.js';
import { messages } from './messages.js';

/**
 * Profile field rules of spec §5. Each rule normalises what the person typed into the value
 * we store, and the same zod schema validates the form in the browser and the request on
 * the server.
 */

const digitsOnly = (input: string): string => input.replace(/\D/g, '');

/** The stored form of a display name: cleaned, then cut to 50 (spec §5). */
export function normaliseDisplayName(input: string): string {
  return cleanName(input).slice(0, limits.displayNameMax);
}

export const displayNameSchema = z.string().transform((raw, ctx) => {
  const cleaned = cleanName(raw);
  if (cleaned.length > limits.displayNameMax) {
    ctx.addIssue({ code: 'custom', message: messages.displayNameTooLong });
    return z.NEVER;
  }
  const value = normaliseDisplayName(cleaned);
  if (value.length < limits.displayNameMin) {
    ctx.addIssue({ code: 'custom', message: messages.displayNameTooShort });
    return z.NEVER;
  }
  return value;
});

/**
 * A field kept as its digits only (spec §5: phone and zip count only digits). Only an empty field
 * (nothing but spaces) means "not given" and clears it; anything typed without digits ("abcde", a
 * lone dash) is too short, so a typo never wipes what was saved.
 */
function digitsFieldSchema(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string().transform((raw, ctx) => {
    const digits = digitsOnly(raw);
    if (raw.trim().length === 0) return '';
    if (digits.length < min || digits.length > max) {
      ctx.addIssue({ code: 'custom', message: digits.length < min ? tooShort : tooLong });
      return z.NEVER;
    }
    return digits;
  });
}

export const phoneNumberSchema = digitsFieldSchema(
  limits.phoneDigitsMin,
  limits.phoneDigitsMax,
  messages.phoneTooShort,
  messages.phoneTooLong,
);

export const zipCodeSchema = digitsFieldSchema(
  limits.zipDigitsMin,
  limits.zipDigitsMax,
  messages.zipTooShort,
  messages.zipTooLong,
);

/**
 * (xxx) xxx-xxxx for 10 digits, +1 (xxx) xxx-xxxx for 11 digits starting with 1 (spec §5).
 * Other international lengths the specification does not format; we show them as +digits.
 */
export function formatPhoneNumber(stored: string | null | undefined): string {
  const d = digitsOnly(stored ?? '');
  if (d.length === 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  if (d.length === 11 && d.startsWith('1')) return `+1 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`;
  return d.length > 0 ? `+${d}` : '';
}

/** 5 digits as they are, 9 digits as xxxxx-xxxx (spec §5); other lengths as stored. */
export function formatZipCode(stored: string | null | undefined): string {
  const d = digitsOnly(stored ?? '');
  if (d.length === 9) return `${d.slice(0, 5)}-${d.slice(5)}`;
  return d;
}

export const profileFields = ['displayName', 'phoneNumber', 'zipCode'] as const;
export type ProfileField = (typeof profileFields)[number];

export const profileFieldSchemas = {
  displayName: displayNameSchema,
  phoneNumber: phoneNumberSchema,
  zipCode: zipCodeSchema,
} as const satisfies Record<ProfileField, z.ZodType<string, string>>;

export const profileFieldSuccess: Record<ProfileField, string> = {
  displayName: messages.displayNameUpdated,
  phoneNumber: messages.phoneUpdated,
  zipCode: messages.zipUpdated,
};

/** Validate one field as typed; the message is the exact one of spec §5 on failure. */
export function validateProfileField(
  field: ProfileField,
  input: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const result = profileFieldSchemas[field].safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? messages.profileUpdateFailed };
}

/** Body of PATCH /api/me: any subset of the editable fields, nothing else. */
export const updateProfileSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    phoneNumber: phoneNumberSchema.optional(),
    zipCode: zipCodeSchema.optional(),
    allowPromo: z.boolean().optional(),
  })
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;
