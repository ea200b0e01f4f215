import type { ReactNode } from 'react';

/**
 * The heading of a step of /create-design. It is the target the page moves focus to when the
 * step changes (`#step-heading`, see the page's useStepFocus), and says which step it is.
 */
export function StepHeading({ children, step = true }: { children: ReactNode; step?: boolean }) {
  const heading = (
    <h2
      id="step-heading"
      tabIndex={-1}
      className="stencil-heading text-3xl text-bone outline-none sm:text-4xl"
    >
      {children}
    </h2>
  );
  if (!step) return heading;
  return (
    <>
      <p className="eyebrow">Step 2 of 2</p>
      {heading}
    </>
  );
}
