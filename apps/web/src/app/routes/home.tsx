import { useDocumentTitle } from '@/components/ui/use-document-title';
import { EcoregionCallout } from '@/features/home/components/ecoregion-callout';
import { Hero } from '@/features/home/components/hero';
import { HowItWorks } from '@/features/home/components/how-it-works';
import { Ideology } from '@/features/home/components/ideology';
import { SocialSection } from '@/features/home/components/social-section';
import { TrophyClub } from '@/features/home/components/trophy-club';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <HowItWorks />
      <EcoregionCallout />
      <Ideology />
      <TrophyClub />
      <SocialSection />
    </>
  );
}
