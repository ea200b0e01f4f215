import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import { trophyClubQueryOptions, useTrophyClub } from '@/features/contest/api/contest';
import type { PageModule } from '@/lib/route-handle';
import { userDesignsQueryOptions, useUserDesigns } from '@/features/profile/api/get-user-designs';
import { MonthCard } from '@/features/designs/components/month-card';
import { UnfinishedGenerations } from '@/features/create-design/components/unfinished-generations';
import { StudioGuide } from '@/features/design-studio/components/studio-guide';
import { StudioTools } from '@/features/design-studio/components/studio-tools';

/** /design (spec §2): this month's submission, the six-step guide, tool cards, and unfinished work. */
/** The month's card: the open contest month and the designer's latest designs. */
export const prefetch: PageModule['prefetch'] = ({ queryClient, me }) =>
  Promise.all([
    queryClient.prefetchQuery(trophyClubQueryOptions),
    me ? queryClient.prefetchQuery(userDesignsQueryOptions(me.id)) : undefined,
  ]);

export default function DesignStudioPage() {
  useDocumentTitle('Design Studio');
  const { data: me } = useMe();
  return (
    <>
      <section aria-labelledby="studio-title" className="camo-texture relative">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-night/95 via-night/85 to-night/60"
        />
        <div className="relative mx-auto flex max-w-6xl flex-col gap-3 px-4 py-12 sm:px-6 sm:py-16">
          <p className="eyebrow">Your base camp</p>
          <h1 id="studio-title" className="stencil-heading text-4xl text-bone sm:text-6xl">
            Design Studio
          </h1>
          <p className="max-w-2xl text-lg text-sage">
            One photo of your ground becomes two camouflage designs. Pick one, tune it, name it, and put it in
            front of the community.
          </p>
        </div>
      </section>
      <div className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-12 sm:px-6">
        {me && <ThisMonth userId={me.id} />}
        <UnfinishedGenerations />
        <StudioGuide />
        <StudioTools />
      </div>
    </>
  );
}

/** The month's card, fed from the contest (the open month) and the designer's designs. */
function ThisMonth({ userId }: { userId: string }) {
  const designs = useUserDesigns(userId);
  const club = useTrophyClub();
  return (
    <MonthCard
      designs={designs.data}
      currentMonth={club.data?.currentMonth}
      pending={designs.isPending || club.isPending}
    />
  );
}
