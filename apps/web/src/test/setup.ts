import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // A choice a test remembered (the eye every page shares, the gallery's filters) is not the next test's.
  if (typeof window !== 'undefined') window.localStorage.clear();
});
