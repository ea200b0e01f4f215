import { reportReasonLabel, type QueueItem } from '@camo/shared/moderation.schema';
import { Link } from 'react-router';
import { LocalDate } from '@/components/ui/local-date';
import { useModerationQueue } from '@/features/moderation/api/moderation';
import { ApiRequestError } from '@/lib/api-client';

import { ReasonActions } from '@/features/moderation/components/reason-actions';

export function ReportQueue() {
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
