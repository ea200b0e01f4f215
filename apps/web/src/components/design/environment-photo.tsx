import type { Design } from '@camo/shared/generation.schema';

/**
 * The environment photo a design was made from, with its description: the create flow's
 * "Environment reference" and the design page's "Environment".
 */
export function EnvironmentPhoto({ design, label }: { design: Design; label: string }) {
  if (!design.environmentPhotoUrl) return null;
  return (
    <figure className="card overflow-hidden">
      <img
        src={design.environmentPhotoUrl}
        alt={`${label} photo`}
        width={1200}
        height={900}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-loam object-cover"
      />
      <figcaption className="px-4 py-3 text-sage">
        <span className="block font-condensed font-bold uppercase tracking-wider text-coyote-300">
          {label}
        </span>
        {design.environmentDescription}
      </figcaption>
    </figure>
  );
}
