import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './api.schema.js';

describe('safeRedirectPath', () => {
  it('keeps same-origin relative paths', () => {
    expect(safeRedirectPath('/gallery?x=1#c')).toBe('/gallery?x=1#c');
  });
  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
    '',
    null,
  ])('refuses %s', (bad) => {
    expect(safeRedirectPath(bad)).toBe('/profile');
  });
});
