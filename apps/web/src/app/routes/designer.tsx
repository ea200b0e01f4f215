import { messages } from '@camo/shared/messages';
import { Link, useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import { useDesigner } from '@/features/designer/api/get-designer';
import { DesignerDesigns } from '@/features/designer/components/designer-designs';
import { useUserDesigns } from '@/features/profile/api/get-user-designs';
import { LocalDate } from '@/components/ui/local-date';
import type { PageModule } from '@/lib/route-handle';
import { designerQueryOptions } from '@/features/designer/api/get-designer';
import { designerWinsQueryOptions, useDesignerWins } from '@/features/contest/api/contest';
import { WinnerBadge } from '@/features/contest/components/design-contest-panel';
import { PlayerRecord } from '@/features/hunt/components/player-record';
import { userDesignsQueryOptions } from '@/features/profile/api/get-user-designs';

/** The designer and their designs. */
export const prefetch: PageModule['prefetch'] = ({ queryClient, params }) =>
  Promise.all([
    queryClient.prefetchQuery(designerQueryOptions(params.userId ?? '')),
    queryClient.prefetchQuery(userDesignsQueryOptions(params.userId ?? '')),
    queryClient.prefetchQuery(designerWinsQueryOptions(params.userId ?? '')),
  ]);

/** /gallery/user/{userId}: a designer's public page (spec §2 Designer profile). */
export default function DesignerPage() {
  const { userId = '' } = useParams();
  const designer = useDesigner(userId);
  const designs = useUserDesigns(userId);
  const { data: me } = useMe();
  const wins = useDesignerWins(userId);
  const name = designer.data?.displayName?.trim() || messages.anonymousDesigner;
  useDocumentTitle(designer.data ? name : designer.isError ? messages.userNotFoundTitle : 'Designer');

  if (designer.isPending) return <LoadingState />;
  if (designer.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
        <h1 className="stencil-heading text-4xl text-bone">{messages.userNotFoundTitle}</h1>
        <p role="alert" className="text-lg text-sage">
          {messages.userNotFoundBody}
        </p>
        <Link to="/gallery" className="btn btn-primary">
          Back to the gallery
        </Link>
      </div>
    );
  }

  // The designer's own drafts live on /profile; this page is what everyone sees.
  const submitted = designs.data?.filter((design) => design.status === 'submitted');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <p className="eyebrow">Designer</p>
        <h1 className="stencil-heading break-words text-4xl text-bone sm:text-5xl">{name}</h1>
        <p className="text-sage">
          Member since <LocalDate iso={designer.data.createdAt} />
        </p>
        <PlayerRecord userId={designer.data.id} />
        {wins.data && wins.data.wins.length > 0 && (
          <ul aria-label="Contest wins" className="flex flex-wrap gap-2 pt-1">
            {wins.data.wins.map((win) => (
              <li key={win.month}>
                <Link to={`/gallery/${win.designId}`} title={win.name.trim() || messages.noName}>
                  <WinnerBadge month={win.month} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {me?.id === designer.data.id && (
          <Link to="/profile" className="btn btn-secondary btn-sm mt-2 self-start">
            Edit Profile
          </Link>
        )}
      </header>
      <section aria-label="Designs" className="flex flex-col gap-4">
        {/* Spec §8: a failed design list is only logged; the page shows what it has. */}
        <DesignerDesigns designs={designs.isError ? [] : submitted} />
      </section>
    </div>
  );
}
