/** The six steps from a photo to a submitted design, as the Design Studio lists them. */
const guide = [
  {
    title: 'Snap your ground',
    body: 'Take or pick a photo of the place you hunt or camp: the timber, marsh or sage flat.',
  },
  {
    title: 'Describe it',
    body: 'A sentence or two on what is there: cover, colours, season. Up to 500 characters.',
  },
  {
    title: 'Pin the location',
    body: 'Choose the state, and the county if you like. Location data in the photo is stripped.',
  },
  {
    title: 'Pick design elements',
    body: 'Optional hints: blobs, contour lines, speckles, a limited palette and more.',
  },
  {
    title: 'Choose and edit',
    body: 'Two designs come back side by side. Pick one and make one edit if it needs it.',
  },
  {
    title: 'Name and submit',
    body: 'Give it a name and submit it to the gallery, where the community votes each month.',
  },
];

/** The Design Studio's "How it works": the six steps, numbered. */
export function StudioGuide() {
  return (
    <section aria-labelledby="guide-title" className="flex flex-col gap-6">
      <h2 id="guide-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
        How it works
      </h2>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {guide.map((step, index) => (
          <li key={step.title} className="card relative flex gap-4 overflow-hidden p-5">
            <span aria-hidden="true" className="font-display text-4xl leading-none text-blaze">
              {index + 1}
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="leading-relaxed text-sage">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
