const tenets = [
  {
    title: 'Match the ground, not the catalog',
    body: 'Your ridge is not their ridge. The right pattern comes from the dirt, bark and shadow where you sit at first light.',
  },
  {
    title: 'Break the outline',
    body: 'Animals read shapes before colors. Good camo kills the silhouette: blobs, breaks and contrast where the eye expects a hunter.',
  },
  {
    title: 'Made by the people who wear it',
    body: "Guides, bowhunters, duck-blind diehards and backyard birders. Every pattern here came from someone who's been out there.",
  },
  {
    title: 'Wear it everywhere',
    body: 'Treestand, tailgate, Tuesday. Camo is not a costume, it is a worldview. Resistance is futile and poorly concealed.',
  },
];

export function Ideology() {
  return (
    <section aria-labelledby="ideology-title" className="bg-bark">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div className="flex flex-col gap-5">
          <p className="eyebrow">The ideology</p>
          <h2 id="ideology-title" className="stencil-heading text-4xl text-bone sm:text-5xl">
            If they can see you, you're doing it wrong
          </h2>
          <p className="text-lg leading-relaxed text-sage">
            We believe the best camouflage ever made hasn't been made yet, and that it will come from a hunter
            with a phone, not a marketing department. Join the movement. Blend in. Stand out.
          </p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2">
          {tenets.map((tenet) => (
            <li key={tenet.title} className="border-l-4 border-blaze bg-night/60 p-5">
              <h3 className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
                {tenet.title}
              </h3>
              <p className="mt-2 leading-relaxed text-sage">{tenet.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
