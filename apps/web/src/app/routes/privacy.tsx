import { useConfig } from '@/lib/config';
import { LegalPage } from '@/features/legal/components/legal-page';
import { privacySections } from '@/features/legal/components/privacy-sections';

/** /privacy: the Privacy Policy, naming the site as it is configured. */
export default function PrivacyPage() {
  const siteName = useConfig().data?.siteName ?? 'this site';
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>What {siteName} keeps about you, who can see it, and what you can change.</p>}
      sections={privacySections(siteName)}
    />
  );
}
