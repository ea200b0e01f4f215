import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useMe } from '@/lib/me';
import { useSignOut } from '@/lib/use-sign-out';
import { useConfig } from '@/lib/config';
import { ExternalLinkIcon } from '@/components/ui/external-link-icon';
import { LogoMark } from '@/components/ui/logo-mark';
import { useControlReady } from '@/lib/hydration';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded px-2 py-2 font-condensed text-lg font-bold uppercase tracking-wider lg:px-3 transition-colors hover:text-blaze ${
    isActive ? 'text-blaze' : 'text-bone'
  }`;

export function SiteHeader() {
  const config = useConfig();
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const ready = useControlReady();

  // Close the mobile menu whenever the page changes.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const signedIn = Boolean(me.data);
  const siteName = config.data?.siteName;

  const items = (
    <>
      <li>
        {config.data ? (
          <a
            href={config.data.shopUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-1.5 whitespace-nowrap rounded px-2 py-2 font-condensed text-lg font-bold uppercase tracking-wider text-bone transition-colors hover:text-blaze lg:px-3"
          >
            Shop
            <ExternalLinkIcon />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span aria-hidden="true" className="invisible block px-3 py-2 font-condensed text-lg">
            Shop
          </span>
        )}
      </li>
      <li>
        <NavLink to="/gallery" className={navLinkClass}>
          Gallery
        </NavLink>
      </li>
      <li>
        <NavLink to="/design" className={navLinkClass}>
          Design
        </NavLink>
      </li>
      <li>
        <NavLink to="/contest" className={navLinkClass}>
          Contest
        </NavLink>
      </li>
      <li>
        <NavLink to="/hunt" className={navLinkClass}>
          Hunt
        </NavLink>
      </li>
      {me.isPending ? (
        <li aria-hidden="true" className="hidden w-44 md:block" />
      ) : signedIn ? (
        <>
          {me.data?.moderator && (
            <li>
              <NavLink to="/admin" className={navLinkClass}>
                Moderate
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/profile" className={navLinkClass}>
              Profile
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              {...ready()}
              onClick={() => void signOut()}
              className="btn btn-secondary btn-sm whitespace-nowrap md:ml-2"
            >
              Log Out
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <NavLink to="/login" className={navLinkClass}>
              Log In
            </NavLink>
          </li>
          <li>
            <Link to="/signup" className="btn btn-primary btn-sm whitespace-nowrap md:ml-2">
              Sign Up
            </Link>
          </li>
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b-2 border-olive-700 bg-night/95 backdrop-blur supports-[backdrop-filter]:bg-night/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5 rounded"
          aria-label={siteName ? `${siteName} home` : 'Home'}
        >
          <LogoMark />
          <span className="truncate font-display text-xl uppercase tracking-wide text-bone sm:text-2xl">
            {siteName ?? '\u00a0'}
          </span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">{items}</ul>
        </nav>

        <button
          type="button"
          className="btn btn-quiet btn-sm md:hidden"
          {...ready()}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M4 4l12 12M16 4 4 16" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
          Menu
        </button>
      </div>

      <nav
        id={menuId}
        aria-label="Main mobile"
        hidden={!menuOpen}
        className="border-t border-olive-700 bg-night px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">{items}</ul>
      </nav>
    </header>
  );
}
