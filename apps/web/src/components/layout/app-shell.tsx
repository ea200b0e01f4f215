import { Outlet, useMatches } from 'react-router';
import { routeHandle } from '@/lib/route-handle';
import { BlockedNotice } from './blocked-notice';
import { DevSignInNotice } from './dev-sign-in-notice';
import { NavigationProgress } from './navigation-progress';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Skip link, notices, header, the page, and the footer where the route table asks for it. */
export function AppShell() {
  const matches = useMatches();
  const footer = matches.some((match) => routeHandle(match.handle).footer === true);
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <NavigationProgress />
      <a
        href="#main-content"
        className="sr-only z-50 rounded bg-blaze px-4 py-2 font-semibold text-night focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <DevSignInNotice />
      <BlockedNotice />
      <SiteHeader />
      {/* With a footer, the page is at least a screen tall: a footer in view while the page still
        loads its content would be pushed down by it (layout shift on /gallery and design pages). */}
      <main
        id="main-content"
        tabIndex={-1}
        className={`flex-1 focus:outline-none ${footer ? 'min-h-dvh' : ''}`}
      >
        <Outlet />
      </main>
      {footer && <SiteFooter />}
    </div>
  );
}
