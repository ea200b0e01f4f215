import type { DesignerWins } from '@camo/shared/contest.schema';
import { messages } from '@camo/shared/messages';
import { Link } from 'react-router';
import { WinnerBadge } from '@/features/contest/components/design-contest-panel';

/** A designer's contest wins as badges, each linking to the winning design; nothing without wins. */
export function ContestWins({ wins }: { wins: DesignerWins['wins'] | undefined }) {
  if (!wins || wins.length === 0) return null;
  return (
    <ul aria-label="Contest wins" className="flex flex-wrap gap-2 pt-1">
      {wins.map((win) => (
        <li key={win.month}>
          <Link to={`/gallery/${win.designId}`} title={win.name.trim() || messages.noName}>
            <WinnerBadge month={win.month} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
