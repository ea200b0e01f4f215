import { createAuthClient } from 'better-auth/react';

/**
 * better-auth client on the same origin (`/api/auth/*`). Import it lazily (`await import(...)`):
 * only sign-in and sign-out need it, and the home page must stay small.
 */
export const authClient = createAuthClient();
