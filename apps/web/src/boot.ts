// The page's entry: its styles, then the app once the page has been drawn.
//
// A page the server rendered (entry-server.tsx) is readable before any script runs. Its scripts
// (about 100 KB gzipped) are requested after the first paint, so on a slow connection the
// stylesheet, the fonts and the page's images are not sharing the line with them; main.tsx then
// hydrates the page. The styles stay here, in the entry, so index.html links them as usual.
import '@fontsource/barlow/400.css';
import '@fontsource/barlow/600.css';
import '@fontsource/barlow-condensed/700.css';
import '@fontsource/black-ops-one/400.css';
import 'sonner/dist/styles.css';
import './styles/index.css';

/**
 * The page's own module, named by the server (apps/server/src/web/route-preloads.ts), imported
 * beside the app instead of after it. Its imports follow by themselves: adding a
 * `<link rel="modulepreload">` for each costs more main thread than the browser's module loader.
 */
function pageModule(): string | undefined {
  const names = document.querySelector<HTMLMetaElement>('meta[name="page-chunks"]')?.content ?? '';
  return names.split(' ').find(Boolean);
}

function start(): void {
  const page = pageModule();
  if (page) void import(/* @vite-ignore */ page).catch(() => undefined);
  void import('./main');
}

// A tab opened in the background draws nothing (and runs no animation frames) until it is shown.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
