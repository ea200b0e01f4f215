import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/components/ui/use-document-title';

/** Effective date of both legal texts (spec §1 and §9). */
export const legalEffectiveDate = 'June 1, 2025';

export type LegalSection = { id: string; heading: string; body: ReactNode };

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:py-16">
      <header className="flex flex-col gap-3 lg:col-span-2">
        <p className="eyebrow">Legal</p>
        <h1 className="stencil-heading text-4xl text-bone sm:text-5xl">{title}</h1>
        <p className="text-sage">
          Effective <time dateTime="2025-06-01">{legalEffectiveDate}</time>
        </p>
        <div className="max-w-3xl text-lg leading-relaxed text-bone">{intro}</div>
      </header>
      <nav aria-label="On this page" className="hidden lg:block">
        <ol className="sticky top-24 flex flex-col gap-2 border-l-2 border-olive-700 pl-4 text-sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-sage hover:text-blaze">
                {index + 1}. {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex max-w-3xl flex-col gap-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24"
          >
            <h2
              id={`${section.id}-title`}
              className="font-condensed text-2xl font-bold uppercase tracking-wider text-coyote-300"
            >
              {index + 1}. {section.heading}
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-bone [&_li]:ml-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
