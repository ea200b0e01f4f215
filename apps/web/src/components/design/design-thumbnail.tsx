import type { DesignCard } from '@camo/shared/api.schema';

/**
 * A design's square WebP thumbnail in a grid (400 px, at most 60 KB; its size is set so nothing shifts
 * while it loads), or the camouflage texture when the design has no image. Lazy unless it is `first`:
 * the first cards of a grid are in view at once (the top one is often the page's largest paint).
 */
export function DesignThumbnail({
  design,
  className = '',
  first = false,
}: {
  design: DesignCard;
  className?: string;
  first?: boolean;
}) {
  const src = design.thumbnailUrl ?? design.imageUrl;
  if (!src) return <div className="camo-texture aspect-square w-full" />;
  return (
    <img
      src={src}
      alt=""
      width={400}
      height={400}
      loading={first ? 'eager' : 'lazy'}
      decoding="async"
      className={`aspect-square w-full bg-loam object-cover ${className}`}
    />
  );
}
