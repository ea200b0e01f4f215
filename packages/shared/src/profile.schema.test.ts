import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  formatZipCode,
  normaliseDisplayName,
  updateProfileSchema,
  validateProfileField,
} from './profile.schema.js';
import { messages } from './messages.js';

describe('display name', () => {
  it('trims, collapses spaces and removes angle brackets', () => {
    expect(validateProfileField('displayName', '  Buck   <b>Hunter</b>  ')).toEqual({
      ok: true,
      value: 'Buck bHunter/b',
    });
    expect(normaliseDisplayName('a'.repeat(60))).toHaveLength(50);
  });
  it('drops control characters', () => {
    expect(validateProfileField('displayName', 'Bu\u0000ck\u0007 Hunter')).toEqual({
      ok: true,
      value: 'Bu ck Hunter',
    });
  });
  it('needs at least 2 characters after normalisation', () => {
    expect(validateProfileField('displayName', ' x ')).toEqual({
      ok: false,
      message: messages.displayNameTooShort,
    });
    expect(validateProfileField('displayName', '<>')).toEqual({
      ok: false,
      message: messages.displayNameTooShort,
    });
    expect(validateProfileField('displayName', 'Al')).toEqual({ ok: true, value: 'Al' });
  });
  it('refuses more than 50 characters', () => {
    expect(validateProfileField('displayName', 'a'.repeat(51))).toEqual({
      ok: false,
      message: messages.displayNameTooLong,
    });
    expect(validateProfileField('displayName', 'a'.repeat(50))).toMatchObject({ ok: true });
  });
});

describe('phone number', () => {
  it('allows empty; typed characters without digits are too short, not empty', () => {
    expect(validateProfileField('phoneNumber', '')).toEqual({ ok: true, value: '' });
    expect(validateProfileField('phoneNumber', '   ')).toEqual({ ok: true, value: '' });
    expect(validateProfileField('phoneNumber', ' - ')).toEqual({
      ok: false,
      message: messages.phoneTooShort,
    });
    expect(validateProfileField('phoneNumber', 'call me')).toEqual({
      ok: false,
      message: messages.phoneTooShort,
    });
  });
  it('counts only digits, 10 to 15', () => {
    expect(validateProfileField('phoneNumber', '(555) 123-4567')).toEqual({ ok: true, value: '5551234567' });
    expect(validateProfileField('phoneNumber', '555-123-456')).toEqual({
      ok: false,
      message: messages.phoneTooShort,
    });
    expect(validateProfileField('phoneNumber', '1'.repeat(15))).toMatchObject({ ok: true });
    expect(validateProfileField('phoneNumber', '1'.repeat(16))).toEqual({
      ok: false,
      message: messages.phoneTooLong,
    });
  });
  it('formats 10 and 11 digits as the specification shows', () => {
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneNumber('445551234567')).toBe('+445551234567');
    expect(formatPhoneNumber('')).toBe('');
  });
});

describe('zip code', () => {
  it('allows empty and 5 to 10 digits', () => {
    expect(validateProfileField('zipCode', '')).toEqual({ ok: true, value: '' });
    expect(validateProfileField('zipCode', '85001')).toEqual({ ok: true, value: '85001' });
    expect(validateProfileField('zipCode', '85001-1234')).toEqual({ ok: true, value: '850011234' });
    expect(validateProfileField('zipCode', '8500')).toEqual({ ok: false, message: messages.zipTooShort });
    // A typo is not an empty field: it must not clear the saved zip (issue 40).
    expect(validateProfileField('zipCode', 'abcde')).toEqual({ ok: false, message: messages.zipTooShort });
    expect(validateProfileField('zipCode', '12345678901')).toEqual({
      ok: false,
      message: messages.zipTooLong,
    });
  });
  it('shows 9 digits as xxxxx-xxxx and keeps 5', () => {
    expect(formatZipCode('850011234')).toBe('85001-1234');
    expect(formatZipCode('85001')).toBe('85001');
  });
});

describe('update request', () => {
  it('rejects unknown fields such as forged private or derived state', () => {
    expect(updateProfileSchema.safeParse({ email: 'x@y.z' }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ createdAt: '2020-01-01' }).success).toBe(false);
  });
  it('normalises what it accepts', () => {
    expect(updateProfileSchema.parse({ phoneNumber: '+1 (555) 123-4567', allowPromo: true })).toEqual({
      phoneNumber: '15551234567',
      allowPromo: true,
    });
  });
});
