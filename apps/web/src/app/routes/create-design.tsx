import { useDocumentTitle } from '@/components/ui/use-document-title';
import { VariantComparison } from '@/features/concealment/components/variant-comparison';
import { CreateDesignHero } from '@/features/create-design/components/create-design-hero';
import { CreateDesignStep } from '@/features/create-design/components/create-design-step';
import { useCreateDesign } from '@/features/create-design/lib/use-create-design';

/**
 * /create-design (spec §2): step 1 collects the photo and its details; step 2 follows the
 * generation, then the choice of A or B, the edit, the name and the submit. The job's id lives in
 * `?photo=`, so a reload, or a link from the Design Studio, resumes where the job is.
 */
export default function CreateDesignPage() {
  useDocumentTitle('Create a Design');
  const flow = useCreateDesign();
  return (
    <>
      <CreateDesignHero started={Boolean(flow.photoId || flow.upload)} />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
        <CreateDesignStep flow={flow} comparison={(designId) => <VariantComparison designId={designId} />} />
      </div>
    </>
  );
}
