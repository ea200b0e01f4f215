/** The create page's banner; once a photo is on its way (`started`) it says what is being made. */
export function CreateDesignHero({ started }: { started: boolean }) {
  return (
    <section aria-labelledby="create-title" className="camo-texture relative">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-r from-night/95 via-night/85 to-night/60"
      />
      <div className="relative mx-auto flex max-w-6xl flex-col gap-2 px-4 py-10 sm:px-6 sm:py-12">
        <p className="eyebrow">Design Studio</p>
        <h1 id="create-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
          Create a Design
        </h1>
        <p className="max-w-2xl text-lg text-sage">
          {started
            ? 'Two camouflage designs, made from your photo.'
            : 'Upload a photo of your ground, describe it, pick your state and county, and get two camouflage designs made for it.'}
        </p>
      </div>
    </section>
  );
}
