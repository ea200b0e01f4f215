import { useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import type { PageModule } from '@/lib/route-handle';
import { groundQueryOptions, useGround } from '@/features/breeding/api/breeding';
import { BreedingLoadError } from '@/features/breeding/components/breeding-load-error';
import { GroundView } from '@/features/breeding/components/ground-view';
import { breedingMessages, placeLabel } from '@/features/breeding/lib/breeding-text';

/** The ground, as its viewer sees it (whether they have rounds left). */
export const prefetch: PageModule['prefetch'] = ({ queryClient, params }) =>
  queryClient.prefetchQuery(groundQueryOptions(params.groundId ?? ''));

/** /breeding/{groundId} (issue 44): a breeding ground's page. */
export default function BreedingGroundPage() {
  const { groundId: id = '' } = useParams();
  const ground = useGround(id);
  const { data: me } = useMe();
  useDocumentTitle(ground.data ? `Breeding ground: ${placeLabel(ground.data)}` : 'Breeding ground');
  if (ground.isPending) return <LoadingState />;
  if (ground.isError)
    return <BreedingLoadError error={ground.error} notFound={breedingMessages.groundNotFound} />;
  return <GroundView ground={ground.data} signedIn={Boolean(me)} />;
}
