import { StrokeIcon } from '@/components/ui/stroke-icon';
import type { PublicConfig } from '@camo/shared/api.schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfig } from '@/lib/config';

type Network = keyof PublicConfig['social'];

const networks: { key: Network; label: string; icon: ReactNode }[] = [
  {
    key: 'instagram',
    label: 'Instagram',
    icon: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
      </>
    ),
  },
  {
    key: 'facebook',
    label: 'Facebook',
    icon: <path d="M15 3h-2a4 4 0 0 0-4 4v3H7v4h2v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z" />,
  },
  {
    key: 'youtube',
    label: 'YouTube',
    icon: (
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" />
        <path d="m10 9 5 3-5 3z" fill="currentColor" />
      </>
    ),
  },
  { key: 'tiktok', label: 'TikTok', icon: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c0 3 2.5 5 5 5" /> },
  { key: 'x', label: 'X', icon: <path d="M4 4l16 16M20 4 4 20" /> },
];

export function SocialSection() {
  const social = useConfig().data?.social;
  const links = networks.flatMap((network) => {
    const href = social?.[network.key];
    return href ? [{ ...network, href }] : [];
  });

  return (
    <section aria-labelledby="social-title" className="camo-texture relative">
      <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-r from-night/95 to-night/70" />
      <div className="relative mx-auto flex max-w-7xl flex-col gap-8 px-4 py-20 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-4">
          <p className="eyebrow">Join the unit</p>
          <h2 id="social-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
            Got a pattern in you?
          </h2>
          <p className="max-w-xl text-lg text-bone">
            Submit your design for this month's contest and follow along for new patterns, winners and field
            tests.
          </p>
          {links.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-3" aria-label="Follow us">
              {links.map((link) => (
                <li key={link.key}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex size-12 items-center justify-center rounded-full border-2 border-coyote-300 text-bone transition-colors hover:border-blaze hover:bg-blaze hover:text-night"
                  >
                    <StrokeIcon className="size-6">{link.icon}</StrokeIcon>
                    <span className="sr-only">{link.label} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Link to="/design" className="btn btn-primary self-start px-10 text-xl md:self-center">
          Submit
        </Link>
      </div>
    </section>
  );
}
