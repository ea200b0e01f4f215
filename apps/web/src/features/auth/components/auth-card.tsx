import type { ReactNode } from 'react';

/** The framed card on a camo field shared by /login, /signup and the e-mail link confirmation. */
export function AuthCard({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="camo-texture min-h-full px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-title"
        className="mx-auto flex max-w-md flex-col gap-6 rounded-md border-2 border-olive-700 bg-night/95 p-6 shadow-2xl sm:p-8"
      >
        <header className="flex flex-col gap-2">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="auth-title" className="stencil-heading text-4xl text-bone">
            {title}
          </h1>
          <p className="text-sage">{intro}</p>
        </header>
        {children}
      </section>
    </div>
  );
}
