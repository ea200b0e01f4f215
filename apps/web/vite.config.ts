import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * sonner injects its stylesheet with a runtime <style> element, which a strict
 * `style-src 'self'` blocks. Turn the injection off; main.tsx imports sonner's CSS file instead.
 */
function sonnerWithoutStyleInjection(): Plugin {
  return {
    name: 'camo:sonner-without-style-injection',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace(/function __insertCSS\(code\) \{/, 'function __insertCSS(code) { return;');
      if (patched === code) this.error('sonner changed: could not disable its <style> injection');
      return { code: patched, map: null };
    },
  };
}

/**
 * Web fonts without layout shift. @fontsource declares `font-display: swap`, so text drawn in the
 * fallback font jumps when the web font arrives (Lighthouse measured CLS 0.13 on / and 0.23 on
 * /terms). `optional` keeps whichever font is there when text is first drawn; the preloads below
 * make that the web font on all but the slowest first visits, and later visits have it cached.
 */
function fontsWithoutLayoutShift(): Plugin {
  return {
    name: 'camo:fonts-without-layout-shift',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@fontsource[\\/][^\\/]+[\\/]\d+\.css$/.test(id)) return null;
      const patched = code.replaceAll('font-display: swap;', 'font-display: optional;');
      if (patched === code) this.error(`@fontsource changed: no font-display: swap in ${id}`);
      return { code: patched, map: null };
    },
  };
}

/**
 * The Latin files of the faces every page's first screen uses: body, headings and the header.
 * Barlow Condensed is loaded in this one weight (boot.ts): a face that is not preloaded arrives
 * too late for `optional` on a first visit, and the header's links were drawn in the fallback.
 */
const PRELOADED_FONTS = [
  /^barlow-latin-400-normal-.*\.woff2$/,
  /^barlow-condensed-latin-700-normal-.*\.woff2$/,
  /^black-ops-one-latin-400-normal-.*\.woff2$/,
];

/** `<link rel="preload">` for PRELOADED_FONTS, so they load beside the scripts, not after them. */
function preloadFonts(): Plugin {
  return {
    name: 'camo:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).map((file) => file.replace(/^assets\//, ''));
        return PRELOADED_FONTS.map((pattern) => {
          const file = files.find((name) => pattern.test(name));
          if (!file) throw new Error(`no built font matches ${String(pattern)}`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/assets/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

const apiTarget = process.env.CAMO_API_URL ?? 'http://localhost:3000';

/**
 * Development only: the API on :3000 behind Vite. The server accepts state changes only from its
 * own origin, so the proxy presents the browser's request as coming from there.
 */
function apiProxy(): Record<string, ProxyOptions> {
  const options: ProxyOptions = {
    target: apiTarget,
    configure: (proxy) => {
      proxy.on('proxyReq', (request) => {
        if (request.getHeader('origin')) request.setHeader('origin', apiTarget);
      });
    },
  };
  return Object.fromEntries(['/api', '/dev-oidc', '/files', '/seed'].map((prefix) => [prefix, options]));
}

/**
 * Two builds (`npm run build`): the web app (dist/), then, with `--ssr src/entry-server.tsx`, the
 * server's first render of its pages (dist/.ssr/, one self-contained bundle that the server
 * imports; a dot directory, so the static file server never sends it).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    sonnerWithoutStyleInjection(),
    fontsWithoutLayoutShift(),
    preloadFonts(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each text file (.br, .gz), served by @fastify/static with
    // `preCompressed`, so no request pays for compression. Fonts and images are compressed already.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        threshold: 1024,
        exclude: /manifest\.json$/,
        logLevel: 'silent',
      }),
  ],
  // Everything in the bundle: the server loads it from wherever the build is (WEB_DIST_DIR).
  ssr: { noExternal: true },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Never inline assets as data: URLs: the server's Content-Security-Policy only allows 'self'.
    assetsInlineLimit: 0,
    // The public files are the web app's; the server render needs none of them.
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    // Read by the server (apps/server/src/web/route-preloads.ts) to preload a page's own chunks.
    manifest: !isSsrBuild,
    // No `<link rel="modulepreload">` added per chunk of a lazy import: on the mobile profile each
    // costs 5-8 ms of main thread while the page starts (boot.ts); the module loader fetches a
    // chunk's imports itself.
    modulePreload: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // What every page runs and that changes only with an upgrade: its own long-cached file,
                // so a release of our code does not make returning visitors download React again.
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
                },
              ],
            },
          },
        },
  },
  server: { proxy: apiProxy() },
  preview: { proxy: apiProxy() },
}));
