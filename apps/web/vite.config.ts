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

export default defineConfig(() => ({
  plugins: [
    sonnerWithoutStyleInjection(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each text file (.br, .gz), served by @fastify/static with
    // `preCompressed`, so no request pays for compression. Fonts and images are compressed already.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Never inline assets as data: URLs: the server's Content-Security-Policy only allows 'self'.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: { proxy: apiProxy() },
  preview: { proxy: apiProxy() },
}));
