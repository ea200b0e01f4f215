import type { Design } from '@camo/shared/generation.schema';

/** The design as chosen (or as edited), large, with the edit that made it. */
export function DesignFigure({ design, name }: { design: Design; name: string }) {
  const image = design.shownImageUrl;
  const showsEdited = design.showsEdit;
  return (
    <figure className="card self-start overflow-hidden">
      {image ? (
        <img
          src={image}
          alt={`${name}, camouflage design`}
          width={1024}
          height={1024}
          fetchPriority="high"
          className="aspect-square w-full bg-loam object-cover"
        />
      ) : (
        <div className="camo-texture aspect-square w-full" />
      )}
      {showsEdited && design.editPrompt && (
        <figcaption className="px-4 py-3 text-sm text-sage">
          Edited: &ldquo;{design.editPrompt}&rdquo;
        </figcaption>
      )}
    </figure>
  );
}
