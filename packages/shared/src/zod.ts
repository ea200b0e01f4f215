import { z } from 'zod';

/**
 * zod, configured once for both sides. `jitless`: zod otherwise probes for `new Function` to
 * compile faster parsers, which the site's Content-Security-Policy (no 'unsafe-eval') refuses and
 * reports as a violation in the browser console. Our schemas are small; the interpreter is plenty.
 */
z.config({ jitless: true });

export { z };
