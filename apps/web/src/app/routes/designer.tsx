import { messages } from '@camo/shared/messages';
import { useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import type { PageModule } from '@/lib/route-handle';
import { designerQueryOptions, useDesigner } from '@/features/designer/api/get-designer';
import { DesignerDesigns } from '@/features/designer/components/designer-designs';
import { DesignerHeader } from '@/features/designer/components/designer-header';
import { DesignerNotFound } from '@/features/designer/components/designer-not-found';
import { userDesignsQueryOptions, useUserDesigns } from '@/features/profile/api/get-user-designs';
import { designerWinsQueryOptions, useDesignerWins } from '@/features/contest/api/contest';
import { ContestWins } from '@/features/contest/components/contest-wins';
import { PlayerRecord } from '@/features/hunt/components/player-record';

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
  if (designer.isError) return <DesignerNotFound />;

  // The designer's own drafts live on /profile; this page is what everyone sees.
  const submitted = designs.data?.filter((design) => design.status === 'submitted');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <DesignerHeader name={name} createdAt={designer.data.createdAt} isSelf={me?.id === designer.data.id}>
        <PlayerRecord userId={designer.data.id} />
        <ContestWins wins={wins.data?.wins} />
      </DesignerHeader>
      <section aria-label="Designs" className="flex flex-col gap-4">
        {/* Spec §8: a failed design list is only logged; the page shows what it has. */}
        <DesignerDesigns designs={designs.isError ? [] : submitted} />
      </section>
    </div>
  );
}
