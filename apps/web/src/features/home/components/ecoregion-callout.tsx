import { limits } from '@camo/shared/limits';
import { ExternalLinkIcon } from '@/components/ui/external-link-icon';
import { useConfig } from '@/lib/config';
import { formatCount } from '@/lib/format';

export function EcoregionCallout() {
  const shopUrl = useConfig().data?.shopUrl;
  return (
    <section aria-labelledby="ecoregion-title" className="camo-texture relative">
      <div aria-hidden="true" className="absolute inset-0 bg-night/75" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-8 px-4 py-20 sm:px-6 md:grid-cols-[auto_1fr]">
        <p
          className="font-display text-[clamp(4.5rem,16vw,10rem)] leading-none text-blaze"
          aria-hidden="true"
        >
          {formatCount(limits.ecoregions)}
        </p>
        <div className="flex flex-col gap-5">
          <h2 id="ecoregion-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
            {formatCount(limits.ecoregions)} ecoregions. One-size camo fits none of them.
          </h2>
          <p className="max-w-2xl text-lg leading-relaxed text-bone">
            The planet has {formatCount(limits.ecoregions)} distinct ecoregions, from Sonoran desert scrub to
            Appalachian hardwoods. Store-bought patterns pick one and hope. Ours start from a photo of the
            ground you actually stand on.
          </p>
          <div>
            {shopUrl ? (
              <a href={shopUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                Shop
                <ExternalLinkIcon />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <span className="btn btn-primary invisible" aria-hidden="true">
                Shop
              </span>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
