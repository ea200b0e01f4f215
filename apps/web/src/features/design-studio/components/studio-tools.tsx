import { Link } from 'react-router';
import { StrokeIcon } from '@/components/ui/stroke-icon';

const tools = [
  {
    to: '/gallery',
    title: 'Gallery',
    body: 'See what the community made, and vote for the best.',
    icon: <path d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01" />,
  },
  {
    to: '/contest',
    title: 'Contest',
    body: "The rules, this month's standings and the Trophy Club.",
    icon: (
      <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M10 17h4" />
    ),
  },
  {
    to: '/profile',
    title: 'Your profile',
    body: 'All your designs and your account details.',
    icon: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />,
  },
  {
    to: '/terms',
    title: 'Terms',
    body: 'Who owns the patterns, and the rules of the site.',
    icon: <path d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" />,
  },
];

/** The Design Studio's tool cards: where to go next. */
export function StudioTools() {
  return (
    <section aria-labelledby="tools-title" className="flex flex-col gap-6">
      <h2 id="tools-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
        Tools
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link
              to={tool.to}
              className="card group flex h-full flex-col gap-3 p-5 transition-colors hover:border-blaze"
            >
              <StrokeIcon className="size-9 text-blaze">{tool.icon}</StrokeIcon>
              <span className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone group-hover:text-blaze">
                {tool.title}
              </span>
              <span className="text-sage">{tool.body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
