import { useConfig } from '@/lib/config';
import { LegalPage } from '@/features/legal/components/legal-page';
import { termsSections } from '@/features/legal/components/terms-sections';

/** /terms: the Terms of Service, naming the site as it is configured. */
export default function TermsPage() {
  const siteName = useConfig().data?.siteName ?? 'this site';
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          The short version: patterns made here belong to {siteName}, you're not owed credit or payment for
          them, and the site comes with no guarantees. The details follow.
        </p>
      }
      sections={termsSections(siteName)}
    />
  );
}
