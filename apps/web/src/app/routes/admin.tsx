import { moderationMessages, reportReasonLabel, type QueueItem } from '@camo/shared/moderation';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LoadingState } from '@/components/ui/loading-state';
import { LocalDate } from '@/components/ui/local-date';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import {
  useBlockedUsers,
  useModerate,
  useModerationLog,
  useModerationQueue,
  type ModerationCommand,
} from '@/features/moderation/api/moderation';
import { ApiRequestError } from '@/lib/api-client';

/** /admin: the moderators' queue of reports, the people blocked, and the log of every action. */
export default function AdminPage() {
  useDocumentTitle('Moderation');
  const { data: me } = useMe();
  if (!me) return <LoadingState />;
  if (!me.moderator)
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
        <h1 className="stencil-heading text-4xl text-bone">Moderation</h1>
        <p role="alert" className="text-lg text-danger">
          {moderationMessages.adminOnly}
        </p>
        <Link to="/gallery" className="btn btn-primary">
          Back to the gallery
        </Link>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-10 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="eyebrow">Moderators</p>
        <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">Moderation</h1>
        <p className="text-sage">
          Every action needs a reason: it is logged with your name, and reporters see the outcome.
        </p>
      </header>
      <ReportQueue />
      <BlockedPeople />
      <ActionLog />
    </div>
  );
}

/** Runs a command and tells the moderator how it went. */
function useCommand() {
  const moderate = useModerate();
  const run = (command: ModerationCommand, done: string, onDone?: () => void) =>
    moderate.mutate(command, {
      onSuccess: () => {
        toast.success(done);
        onDone?.();
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : moderationMessages.actionFailed,
        ),
    });
  return { run, pending: moderate.isPending };
}

type ActionButton = { label: string; command: (reason: string) => ModerationCommand; done: string };

/** A reason field and the actions it goes with; an action without a reason is refused here. */
function ReasonActions({ actions, label }: { actions: ActionButton[]; label: string }) {
  const { run, pending } = useCommand();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function act(action: ActionButton) {
    const trimmed = reason.trim();
    if (!trimmed) return setError(moderationMessages.reasonRequired);
    setError(null);
    run(action.command(trimmed), action.done, () => setReason(''));
  }

  return (
    // Not a form: its actions are separate buttons, and Enter in the reason must not pick one of
    // them (a form needs a submit button, WCAG H32, and Enter would press it).
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-reason`} className="text-sm text-sage">
        Reason for {label}
      </label>
      <input
        id={`${id}-reason`}
        className="field-input"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className="btn btn-quiet btn-sm"
            disabled={pending}
            onClick={() => act(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}

function ReportQueue() {
  const queue = useModerationQueue();
  return (
    <section aria-labelledby="queue-title" className="flex flex-col gap-4">
      <h2 id="queue-title" className="stencil-heading text-3xl text-bone">
        Reports{queue.data && ` (${queue.data.items.length})`}
      </h2>
      {queue.isPending ? (
        <p className="text-sage">Loading reports...</p>
      ) : queue.isError ? (
        <p role="alert" className="text-danger">
          {queue.error instanceof ApiRequestError ? queue.error.message : 'Reports could not be loaded.'}
        </p>
      ) : queue.data.items.length === 0 ? (
        <p className="text-sage">No open reports. The community is behaving.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {queue.data.items.map((item) => (
            <QueueEntry key={`${item.targetType}:${item.targetId}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueEntry({ item }: { item: QueueItem }) {
  const author = item.author.displayName?.trim() || 'Anonymous';
  const what = item.targetType === 'design' ? 'Design' : 'Comment';
  const target = { targetType: item.targetType, targetId: item.targetId };
  return (
    <li className="card grid gap-4 p-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex gap-3">
          {item.imageUrl && (
            <img
              src={item.imageUrl}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              className="size-24 shrink-0 rounded bg-loam object-cover"
            />
          )}
          <div className="flex min-w-0 flex-col gap-1">
            <p className="eyebrow">
              {what} by{' '}
              <Link to={`/gallery/user/${item.author.id}`} className="text-link">
                {author}
              </Link>
              {item.author.blocked && ' (blocked)'}
              {item.hidden && ' · hidden'}
            </p>
            {/* User text is shown as text, never as HTML. */}
            <p className="whitespace-pre-wrap break-words text-bone">{item.text}</p>
            <Link to={`/gallery/${item.designId}`} className="text-link text-sm">
              Open the design page
            </Link>
          </div>
        </div>
        <ul className="flex flex-col gap-1 border-t border-olive-900 pt-3 text-sm">
          {item.reports.map((report) => (
            <li key={report.id} className="text-sage">
              <strong className="text-bone">{reportReasonLabel(report.reason)}</strong>
              {report.details && <span className="break-words">: {report.details}</span>} (
              {report.reporterName?.trim() || 'Anonymous'}, <LocalDate iso={report.createdAt} />)
            </li>
          ))}
        </ul>
      </div>
      <ReasonActions
        label={`the ${what.toLowerCase()} by ${author}`}
        actions={[
          {
            label: `Hide ${what.toLowerCase()}`,
            command: (reason) => ({ kind: 'hide', ...target, reason }),
            done: `${what} hidden.`,
          },
          {
            label: 'Dismiss reports',
            command: (reason) => ({ kind: 'dismiss', ...target, reason }),
            done: 'Reports dismissed.',
          },
          ...(item.author.blocked
            ? []
            : [
                {
                  label: `Block ${author}`,
                  command: (reason: string) => ({ kind: 'block' as const, userId: item.author.id, reason }),
                  done: `${author} is blocked.`,
                },
              ]),
        ]}
      />
    </li>
  );
}

function BlockedPeople() {
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

const actionLabels = {
  hide_design: 'Hid a design',
  restore_design: 'Restored a design',
  hide_comment: 'Hid a comment',
  restore_comment: 'Restored a comment',
  block_user: 'Blocked a person',
  unblock_user: 'Unblocked a person',
  dismiss_reports: 'Dismissed reports',
} as const;

function ActionLog() {
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
