import { useDocumentTitle } from '@/components/ui/use-document-title';
import type { PageModule } from '@/lib/route-handle';
import { groundsQueryOptions } from '@/features/breeding/api/breeding';
import { BreedingIntro } from '@/features/breeding/components/breeding-intro';
import { GroundList } from '@/features/breeding/components/ground-list';

/** The grounds, newest first. */
export const prefetch: PageModule['prefetch'] = ({ queryClient }) =>
  queryClient.prefetchQuery(groundsQueryOptions);

/** /breeding (issue 44): what breeding grounds are, and every ground. */
export default function BreedingPage() {
  useDocumentTitle('Breeding grounds');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-12">
      <BreedingIntro />
      <GroundList />
    </div>
  );
}
