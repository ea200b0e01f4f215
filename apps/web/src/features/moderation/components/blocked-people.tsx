import { Link } from 'react-router';
import { LocalDate } from '@/components/ui/local-date';
import { useBlockedUsers } from '@/features/moderation/api/moderation';

import { ReasonActions } from '@/features/moderation/components/reason-actions';

export function BlockedPeople() {
  const blocked = useBlockedUsers();
  if (!blocked.data || blocked.data.users.length === 0) return null;
  return (
    <section aria-labelledby="blocked-title" className="flex flex-col gap-4">
      <h2 id="blocked-title" className="stencil-heading text-3xl text-bone">
        Blocked people
      </h2>
      <ul className="flex flex-col gap-3">
        {blocked.data.users.map((user) => {
          const name = user.displayName?.trim() || 'Anonymous';
          return (
            <li key={user.id} className="card grid gap-3 p-4 md:grid-cols-2">
              <div className="flex flex-col gap-1">
                <Link to={`/gallery/user/${user.id}`} className="text-link font-bold">
                  {name}
                </Link>
                <p className="text-sm text-sage">
                  Blocked <LocalDate iso={user.blockedAt} />: {user.reason}
                </p>
              </div>
              <ReasonActions
                label={`unblocking ${name}`}
                actions={[
                  {
                    label: `Unblock ${name}`,
                    command: (reason) => ({ kind: 'unblock', userId: user.id, reason }),
                    done: `${name} is unblocked.`,
                  },
                ]}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
