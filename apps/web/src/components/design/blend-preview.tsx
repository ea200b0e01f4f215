/** The design on a crouching hunter in its own photo, beside the same shape in one flat colour. */
export function BlendPreview({ designId, variant }: { designId: string; variant: 'A' | 'B' | 'final' }) {
  return (
    <figure className="flex flex-col gap-2">
      <img
        src={`/api/designs/${encodeURIComponent(designId)}/blend-preview?variant=${variant}`}
        alt="The design worn by a crouching hunter in its own environment photo, beside the same silhouette in the photo's average colour"
        loading="lazy"
        width={1288}
        height={480}
        className="h-auto w-full rounded bg-loam"
        data-testid="blend-preview"
      />
      <figcaption className="text-sm text-sage">
        Left: the design on a crouching hunter in its photo. Right: the same shape in the photo&apos;s average
        colour, for comparison.
      </figcaption>
    </figure>
  );
}
