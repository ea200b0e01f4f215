import { Link } from 'react-router';
import { LocalDate } from '@/components/ui/local-date';
import { useModerationLog } from '@/features/moderation/api/moderation';

import { ReasonActions } from '@/features/moderation/components/reason-actions';

const actionLabels = {
  hide_design: 'Hid a design',
  restore_design: 'Restored a design',
  hide_comment: 'Hid a comment',
  restore_comment: 'Restored a comment',
  block_user: 'Blocked a person',
  unblock_user: 'Unblocked a person',
  dismiss_reports: 'Dismissed reports',
} as const;

export function ActionLog() {
  const log = useModerationLog();
  return (
    <section aria-labelledby="log-title" className="flex flex-col gap-4">
      <h2 id="log-title" className="stencil-heading text-3xl text-bone">
        Log
      </h2>
      {log.isPending ? (
        <p className="text-sage">Loading the log...</p>
      ) : log.isError ? (
        <p role="alert" className="text-danger">
          The log could not be loaded.
        </p>
      ) : log.data.actions.length === 0 ? (
        <p className="text-sage">No actions yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {log.data.actions.map((entry) => {
            const hid = entry.action === 'hide_design' || entry.action === 'hide_comment';
            const targetType = entry.action === 'hide_design' ? 'design' : 'comment';
            return (
              <li key={entry.id} className="card grid gap-3 p-4 md:grid-cols-2">
                <div className="flex flex-col gap-1 text-sm">
                  <p className="font-bold text-bone">
                    {actionLabels[entry.action]}
                    {entry.targetType === 'design' && (
                      <>
                        {' '}
                        <Link to={`/gallery/${entry.targetId}`} className="text-link">
                          (open)
                        </Link>
                      </>
                    )}
                    {entry.targetType === 'user' && (
                      <>
                        {' '}
                        <Link to={`/gallery/user/${entry.targetId}`} className="text-link">
                          (profile)
                        </Link>
                      </>
                    )}
                  </p>
                  <p className="break-words text-sage">
                    {entry.adminName?.trim() || 'A former moderator'}, <LocalDate iso={entry.createdAt} />:{' '}
                    {entry.reason}
                  </p>
                </div>
                {hid && (
                  <ReasonActions
                    label="restoring it"
                    actions={[
                      {
                        label: 'Restore',
                        command: (reason) => ({
                          kind: 'restore',
                          targetType,
                          targetId: entry.targetId,
                          reason,
                        }),
                        done: 'Restored.',
                      },
                    ]}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
