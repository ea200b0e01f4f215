import type { PublicConfig } from '@camo/shared/api.schema';

/** The server's public settings as a page test needs them: Google sign-in, the built-in generator. */
export function testConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    siteName: 'Camo Test',
    shopUrl: 'https://shop.example',
    social: { instagram: null, facebook: null, youtube: null, tiktok: null, x: null },
    devSignIn: false,
    signInProvider: 'google',
    emailLinkEnabled: false,
    designGenerator: 'built-in',
    ...overrides,
  };
}
