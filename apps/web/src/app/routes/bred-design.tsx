import { useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import type { PageModule } from '@/lib/route-handle';
import { bredDesignQueryOptions, useBredDesign } from '@/features/breeding/api/breeding';
import { BredDesignView } from '@/features/breeding/components/bred-design-view';
import { BreedingLoadError } from '@/features/breeding/components/breeding-load-error';
import { breedingMessages } from '@/features/breeding/lib/breeding-text';

/** The design and its family tree. */
export const prefetch: PageModule['prefetch'] = ({ queryClient, params }) =>
  queryClient.prefetchQuery(bredDesignQueryOptions(params.bredDesignId ?? ''));

/** /breeding/designs/{id} (issue 44): a bred design and its family tree. */
export default function BredDesignPage() {
  const { bredDesignId: id = '' } = useParams();
  const design = useBredDesign(id);
  useDocumentTitle(design.data ? design.data.label : 'Bred design');
  if (design.isPending) return <LoadingState />;
  if (design.isError)
    return <BreedingLoadError error={design.error} notFound={breedingMessages.designNotFound} />;
  return <BredDesignView design={design.data} />;
}
