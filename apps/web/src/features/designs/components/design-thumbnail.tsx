import type { DesignCard } from '@camo/shared/api';

/**
 * A design's square WebP thumbnail in a grid (400 px, at most 60 KB; its size is set so nothing shifts
 * while it loads), or the camouflage texture when the design has no image.
 */
export function DesignThumbnail({ design, className = '' }: { design: DesignCard; className?: string }) {
  const src = design.thumbnailUrl ?? design.imageUrl;
  if (!src) return <div className="camo-texture aspect-square w-full" />;
  return (
    <img
      src={src}
      alt=""
      width={400}
      height={400}
      loading="lazy"
      decoding="async"
      className={`aspect-square w-full bg-loam object-cover ${className}`}
    />
  );
}
