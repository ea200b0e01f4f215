import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LocalDate } from '@/components/ui/local-date';

/**
 * The top of a designer's page: the name, the date they joined, what the page composes in from
 * other features (`children`: the hunt record, the contest wins), and for the designer themself
 * the way to their profile.
 */
export function DesignerHeader({
  name,
  createdAt,
  isSelf,
  children,
}: {
  name: string;
  createdAt: string;
  isSelf: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-2">
      <p className="eyebrow">Designer</p>
      <h1 className="stencil-heading break-words text-4xl text-bone sm:text-5xl">{name}</h1>
      <p className="text-sage">
        Member since <LocalDate iso={createdAt} />
      </p>
      {children}
      {isSelf && (
        <Link to="/profile" className="btn btn-secondary btn-sm mt-2 self-start">
          Edit Profile
        </Link>
      )}
    </header>
  );
}
