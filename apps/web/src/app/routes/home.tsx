import { useDocumentTitle } from '@/components/ui/use-document-title';
import { BestHiding } from '@/features/hunt/components/best-hiding';
import { EcoregionCallout } from '@/features/home/components/ecoregion-callout';
import { Hero } from '@/features/home/components/hero';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { Ideology } from '@/features/home/components/ideology';
import { SocialSection } from '@/features/home/components/social-section';
import { TrophyClub } from '@/features/contest/components/trophy-club';
import type { PageModule } from '@/lib/route-handle';
import { trophyClubQueryOptions } from '@/features/contest/api/contest';
import { memberCountQueryOptions } from '@/features/home/api/get-member-count';

/** The member counter and the Trophy Club, for the server's first render. */
export const prefetch: PageModule['prefetch'] = ({ queryClient }) =>
  Promise.all([
    queryClient.prefetchQuery(memberCountQueryOptions),
    queryClient.prefetchQuery(trophyClubQueryOptions),
  ]);

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <HowItWorks />
      <EcoregionCallout />
      <Ideology />
      <TrophyClub rulesLink>
        <BestHiding />
      </TrophyClub>
      <SocialSection />
    </>
  );
}
