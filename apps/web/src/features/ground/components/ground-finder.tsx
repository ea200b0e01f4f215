import { groundText } from '@camo/shared/ground';
import { Link, useLocation } from 'react-router';
import { useEyeChoice } from '@/lib/eye-choice';
import type { GroundChoice } from '../lib/ground-params';
import { GroundEyeChoice } from './ground-eye-choice';
import { LazyGroundPhotoChooser } from './lazy-ground-photo-chooser';

/**
 * "Find designs for my ground" on the gallery: a signed-in person drops or picks a photo of their
 * place and says who they hide from and how far; a visitor is asked to log in.
 */
export function GroundFinder({
  signedIn,
  onChoose,
}: {
  signedIn: boolean;
  onChoose: (choice: GroundChoice) => void;
}) {
  // The eye every page remembers (issue 39): choosing here chooses for the gallery and design pages too.
  const [eye, setEye] = useEyeChoice();
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="ground-finder-title" className="card flex flex-col gap-4 p-4 sm:p-5">
      <h2 id="ground-finder-title" className="stencil-heading text-2xl text-bone sm:text-3xl">
        {groundText.title}
      </h2>
      <p className="max-w-3xl text-sage">{groundText.intro}</p>
      {signedIn ? (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <LazyGroundPhotoChooser eye={eye} onChosen={(photoId) => onChoose({ photoId, ...eye })} />
          <GroundEyeChoice eye={eye} onChange={setEye} />
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-bone">{groundText.signIn}</p>
          <Link
            to={`/login?${new URLSearchParams({ redirect: `${pathname}${search}` }).toString()}`}
            className="btn btn-primary"
          >
            {groundText.logIn}
          </Link>
        </div>
      )}
    </section>
  );
}
