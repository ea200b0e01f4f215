import { Link } from 'react-router';
import { useConfig } from '@/lib/config';
import { LogoMark } from '@/components/ui/logo-mark';

export function SiteFooter() {
  const config = useConfig();
  const owner = config.data?.siteName ?? 'the site owner';
  return (
    <footer className="border-t-2 border-olive-700 bg-bark">
      <div className="hazard-stripe h-1.5" aria-hidden="true" />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-2xl gap-3">
          <LogoMark className="size-8 shrink-0" />
          <p className="text-sm leading-relaxed text-sage">
            <strong className="font-semibold text-bone">Legal disclaimer:</strong> all generated patterns,
            including user submissions, are the property of {owner}, which holds full, perpetual, royalty-free
            rights to use them commercially. By submitting you agree to the{' '}
            <Link to="/terms" className="text-link">
              Terms of Service
            </Link>
            .
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex gap-6 font-condensed text-lg font-bold uppercase tracking-wider">
            <li>
              <Link to="/privacy" className="text-bone underline-offset-4 hover:text-blaze hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="text-bone underline-offset-4 hover:text-blaze hover:underline">
                Terms of Service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-sage">
        © {new Date().getFullYear()} {config.data?.siteName ?? ''}. Made for people who would rather not be
        seen.
      </p>
    </footer>
  );
}
