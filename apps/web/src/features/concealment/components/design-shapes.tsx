import type { DesignShapes } from '@camo/shared/concealment.schema';
import { shapesSentence, shapesText } from '@camo/shared/shapes';
import { observers, type Light } from '@camo/shared/vocabulary';

/**
 * "How far its shapes stand apart" (issue 43 item 5): the design's small, middle and large shapes
 * at its repeat, and the distance each blends beyond for a deer and a person, in the light chosen
 * above it in the viewer (remembered on every page, as the eye is).
 */
export function DesignShapes({ shapes, light }: { shapes: DesignShapes; light: Light }) {
  const figures = observers
    .map((observer) => shapes.figures.find((f) => f.observer === observer && f.light === light))
    .filter((f) => f !== undefined);
  return (
    <section aria-labelledby="shapes-title" className="flex flex-col gap-3" data-testid="design-shapes">
      <h3 id="shapes-title" className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone">
        {shapesText.title}
      </h3>
      <p className="text-bone">{shapesText.repeat(shapes.repeatCm)}</p>
      <ul className="flex flex-col gap-2" aria-live="polite">
        {figures.map((f) => (
          <li key={f.observer} className="text-bone" data-testid={`shapes-${f.observer}`}>
            {shapesSentence(f.observer, f.light, f.classes)}
          </li>
        ))}
      </ul>
      <p className="text-sm text-sage">{shapesText.explain}</p>
      <p className="text-sm text-sage">{shapesText.assumptions}</p>
    </section>
  );
}
