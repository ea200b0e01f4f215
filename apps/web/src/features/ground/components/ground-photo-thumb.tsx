import { groundText } from '@camo/shared/ground';
import type { GroundPhoto } from '@camo/shared/ground.schema';
import { groundPhotoImageUrl } from '../api/ground-photos';

/** A ground photo's thumbnail (the chooser's and the profile's list): 4:3, lazy, its owner's image route. */
export function GroundPhotoThumb({ photo, className = '' }: { photo: GroundPhoto; className?: string }) {
  return (
    <img
      src={groundPhotoImageUrl(photo.id)}
      alt={groundText.photoAlt}
      width={photo.width}
      height={photo.height}
      loading="lazy"
      decoding="async"
      className={`aspect-[4/3] w-full bg-loam object-cover ${className}`}
    />
  );
}
