/** Same-origin relative path, and nothing that a browser would read as another origin. */
export function safeRedirectPath(candidate: string | null | undefined, fallback = '/profile'): string {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) {
    return fallback;
  }
  try {
    const url = new URL(candidate, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Normalising can turn '/.//evil.example' into '//evil.example', which is another origin.
    if (path.startsWith('//') || path.includes('\\')) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
