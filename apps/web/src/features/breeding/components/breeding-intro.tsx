import { Link } from 'react-router';
import { breedingText } from '../lib/breeding-text';

/** What breeding grounds are, for hunters, in plain words. */
export function BreedingIntro() {
  return (
    <header className="flex flex-col gap-3">
      <p className="eyebrow">
        <Link to="/hunt" className="underline underline-offset-4 hover:text-bone">
          Hide and Seek
        </Link>
      </p>
      <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">{breedingText.title}</h1>
      <p className="max-w-3xl text-lg text-sage">{breedingText.intro}</p>
      <ol className="flex max-w-3xl list-decimal flex-col gap-1 pl-6 text-bone marker:font-bold marker:text-coyote-300">
        {breedingText.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="max-w-3xl text-sage">
        Each ground&apos;s page shows, generation by generation, whether its bred designs stay hidden longer
        than the best fresh one. It says breeding helped only when the gap is bigger than the uncertainty of
        both.
      </p>
    </header>
  );
}
