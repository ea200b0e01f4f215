import { StrokeIcon } from '@/components/ui/stroke-icon';
import { Link } from 'react-router';

const steps = [
  {
    title: 'Upload',
    body: 'Snap the ground you hunt: the timber, the marsh, the sage flat. Tell us about it and pick your state and county. We strip the location data before anyone sees it.',
    icon: <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />,
  },
  {
    title: 'Design',
    body: 'Two camouflage designs are generated from your photo, side by side. Pick the one that disappears best, and make one edit if it needs a touch more brush.',
    icon: <path d="M4 20l4-1 11-11a2.1 2.1 0 0 0-3-3L5 16l-1 4zM14 7l3 3" />,
  },
  {
    title: 'Submit',
    body: 'Name it, submit it to the gallery, and let the community vote. The top pattern each month earns its spot in the Trophy Club.',
    icon: <path d="M8 21h8m-4-4v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4v1a3 3 0 0 0 3 3m10-4h3v1a3 3 0 0 1-3 3" />,
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-night">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <p className="eyebrow">Three steps to vanish</p>
        <h2 id="how-title" className="stencil-heading mt-3 text-4xl text-bone sm:text-5xl">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="card relative flex flex-col gap-4 overflow-hidden p-6">
              <span
                aria-hidden="true"
                className="absolute -right-2 -top-4 font-display text-8xl text-olive-900 select-none"
              >
                {index + 1}
              </span>
              <StrokeIcon className="relative size-10 text-blaze">{step.icon}</StrokeIcon>
              <h3 className="relative font-condensed text-2xl font-bold uppercase tracking-wider text-bone">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="relative leading-relaxed text-sage">{step.body}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10">
          <Link to="/design" className="btn btn-primary">
            Start Designing
          </Link>
        </div>
      </div>
    </section>
  );
}
