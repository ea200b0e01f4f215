import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The Markdown analysis of a design, rendered safely: raw HTML is dropped, images are not rendered
 * at all (nothing is fetched from another host), links leave the page only as plain text, and every
 * inline `#rrggbb` code gets a swatch the page draws itself (an SVG rect: the CSP forbids style
 * attributes).
 */
export function DesignAnalysis({ markdown }: { markdown: string }) {
  const { plain, made } = splitHowItWasMade(explainMissingShares(markdown));
  const render = (text: string) => (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml disallowedElements={['img']} components={components}>
      {text}
    </Markdown>
  );
  return (
    <div className="analysis text-[0.9375rem] leading-relaxed text-sage">
      {render(plain)}
      {made !== null && (
        <details className="mt-4">
          <summary className="cursor-pointer font-condensed text-lg font-bold uppercase tracking-wide text-bone">
            {HOW_IT_WAS_MADE}
          </summary>
          {render(made)}
        </details>
      )}
    </div>
  );
}

/** The heading the engine puts its technical account under (text/describe.ts): folded here. */
const HOW_IT_WAS_MADE = 'How it was made';

/**
 * An analysis's plain-words opening and, folded, its technical account (issue 40). An analysis
 * stored before the account had its own heading is shown whole, as it was.
 */
export function splitHowItWasMade(markdown: string): { plain: string; made: string | null } {
  const heading = `\n### ${HOW_IT_WAS_MADE}\n`;
  const at = markdown.indexOf(heading);
  if (at < 0) return { plain: markdown, made: null };
  return { plain: markdown.slice(0, at), made: markdown.slice(at + heading.length) };
}

/** Why a palette colour has no share of the ground, by the role the analysis gives it. */
const noShareBecause: Record<string, string> = {
  'from the photo': 'none of its own: the design options changed this photo colour',
  'shadow tone': 'none: a shadow tone the design adds',
  'open ground': 'none: open ground the design adds',
};

/**
 * The engine's palette table writes "-" where a colour of the design is not one of the photo's
 * own (a shadow tone, open ground, or a photo colour that high contrast or a limited palette
 * moved): a row then says why it has no share of the ground instead of a bare dash. Analyses
 * already stored keep their text, so this is done where they are shown.
 */
export function explainMissingShares(markdown: string): string {
  let groundColumn = -1;
  let roleColumn = -1;
  return markdown
    .split('\n')
    .map((line) => {
      if (!line.startsWith('|')) {
        groundColumn = roleColumn = -1;
        return line;
      }
      const cells = line.split('|').map((cell) => cell.trim());
      if (groundColumn < 0) {
        groundColumn = cells.indexOf('share of ground');
        roleColumn = cells.indexOf('role');
        return line;
      }
      if (cells[groundColumn] !== '-') return line;
      const why = noShareBecause[cells[roleColumn] ?? ''] ?? 'none: not a colour of the photo';
      return cells
        .map((cell, index) => (index === groundColumn ? ` ${why} ` : ` ${cell} `))
        .join('|')
        .trim();
    })
    .join('\n');
}

function Swatch({ hex }: { hex: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      className="inline-block shrink-0 align-[-3px]"
    >
      <rect x="0.5" y="0.5" width="15" height="15" rx="2" fill={hex} stroke="#ece6d6" strokeOpacity="0.5" />
    </svg>
  );
}

const components: Components = {
  h1: ({ children }) => (
    <h4 className="mt-5 font-condensed text-xl font-bold uppercase text-bone">{children}</h4>
  ),
  h2: ({ children }) => (
    <h4 className="mt-5 font-condensed text-xl font-bold uppercase text-bone">{children}</h4>
  ),
  h3: ({ children }) => (
    <h5 className="mt-4 font-condensed text-lg font-bold uppercase tracking-wide text-coyote-300">
      {children}
    </h5>
  ),
  h4: ({ children }) => <h6 className="mt-3 font-semibold text-bone">{children}</h6>,
  p: ({ children }) => <p className="mt-2">{children}</p>,
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 pl-5">{children}</ol>,
  strong: ({ children }) => <strong className="font-semibold text-bone">{children}</strong>,
  table: ({ children }) => (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => (
    <th className="border-b border-olive-700 px-2 py-1.5 font-condensed font-bold uppercase tracking-wide text-coyote-300">
      {children}
    </th>
  ),
  td: ({ children }) => <td className="border-b border-olive-900 px-2 py-1.5 align-top">{children}</td>,
  code: ({ children, className }: ComponentProps<'code'>) => {
    const text = typeof children === 'string' ? children : '';
    if (!className && HEX.test(text)) {
      return (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <Swatch hex={text} />
          <code className="font-mono text-[0.8125rem] text-bone">{text}</code>
        </span>
      );
    }
    return <code className="rounded bg-night px-1 font-mono text-[0.8125rem] text-bone">{children}</code>;
  },
  a: ({ children, href }) =>
    href && href.startsWith('/') && !href.startsWith('//') ? (
      <a href={href} className="text-link">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
};
