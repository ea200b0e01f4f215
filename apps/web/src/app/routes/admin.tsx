import { adminWarningMessages, moderationMessages } from '@camo/shared/moderation.schema';
import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import { useModerationQueue } from '@/features/moderation/api/moderation';
import { ReportQueue } from '@/features/moderation/components/report-queue';
import { BlockedPeople } from '@/features/moderation/components/blocked-people';
import { ActionLog } from '@/features/moderation/components/action-log';

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
      <AdminWarnings />
      <ReportQueue />
      <BlockedPeople />
      <ActionLog />
    </div>
  );
}

/** Settings that put moderation at risk, as the server names them with the queue. */
function AdminWarnings() {
  const warnings = useModerationQueue().data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded border border-danger/60 bg-danger/10 p-4 text-danger"
    >
      {warnings.map((warning) => (
        <p key={warning}>{adminWarningMessages[warning]}</p>
      ))}
    </div>
  );
}
