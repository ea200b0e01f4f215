import { messages } from '@camo/shared/messages';
import { PlayerRecord } from '@/features/hunt/components/player-record';
import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import { useUserDesigns } from '@/features/profile/api/get-user-designs';
import { AccountInformation } from '@/features/profile/components/account-information';
import { YourDesigns } from '@/features/profile/components/your-designs';
import { LocalDate } from '@/components/ui/local-date';
import { YourReports } from '@/features/moderation/components/your-reports';
import { YourGroundPhotos } from '@/features/ground/components/your-ground-photos';
import { StartGroundForm } from '@/features/breeding/components/start-ground-form';
import { LocationFields } from '@/features/create-design/components/location-fields';

export default function ProfilePage() {
  useDocumentTitle('Your Profile');
  // ProtectedRoute has already resolved the session, so this is the signed-in user.
  const { data: profile } = useMe();
  if (!profile) return <LoadingState />;
  return <ProfileDashboard key={profile.id} profile={profile} />;
}

function ProfileDashboard({ profile }: { profile: NonNullable<ReturnType<typeof useMe>['data']> }) {
  const designs = useUserDesigns(profile.id);
  const name = profile.displayName?.trim() || messages.anonymousDesigner;
  return (
    <>
      <section aria-labelledby="welcome-title" className="camo-texture relative">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-night/95 via-night/85 to-night/60"
        />
        <div className="relative mx-auto flex max-w-7xl flex-col gap-2 px-4 py-12 sm:px-6 sm:py-16">
          <p className="eyebrow">Your dashboard</p>
          <h1 id="welcome-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
            Welcome,{' '}
            <Link
              to={`/gallery/user/${profile.id}`}
              className="text-blaze underline decoration-2 underline-offset-8 hover:text-bone"
            >
              {name}
            </Link>
          </h1>
          <p className="text-lg text-sage">
            Member since <LocalDate iso={profile.createdAt} />. Your public designer page is one click on your
            name.
          </p>
          <PlayerRecord userId={profile.id} own />
        </div>
      </section>
      <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-12 sm:px-6">
        <YourDesigns designs={designs.data} isPending={designs.isPending} isError={designs.isError} />
        <YourGroundPhotos
          breed={(photo) => <StartGroundForm photoId={photo.id} LocationFields={LocationFields} />}
        />
        <YourReports />
        <div className="max-w-3xl">
          <AccountInformation profile={profile} />
        </div>
      </div>
    </>
  );
}
