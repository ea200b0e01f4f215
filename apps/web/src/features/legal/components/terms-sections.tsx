import { Link } from 'react-router';
import { legalEffectiveDate, type LegalSection } from '@/features/legal/components/legal-page';

/** The Terms of Service, section by section; `siteName` is the configured name of the site. */
export const termsSections = (siteName: string): LegalSection[] => [
  {
    id: 'acceptance',
    heading: 'Agreeing to these terms',
    body: (
      <p>
        By creating an account, signing in, or using {siteName} in any way, you agree to these Terms of
        Service and to our{' '}
        <Link to="/privacy" className="text-link">
          Privacy Policy
        </Link>
        . If you do not agree, do not use the site. These terms take effect on {legalEffectiveDate} and apply
        from then on.
      </p>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <p>
        You sign in with Google (or, where offered, a one-time e-mail link). Keep access to that account safe:
        you are responsible for what happens under your account. Do not impersonate anyone, and do not use the
        site to harass others, post unlawful content, or attack the service.
      </p>
    ),
  },
  {
    id: 'ownership',
    heading: 'Who owns the patterns',
    body: (
      <>
        <p>
          <strong>
            {siteName} owns every camouflage pattern generated on the site and every user submission
          </strong>
          , including the photos, descriptions, names, stories and designs you upload, edit or submit.
        </p>
        <p>
          To the extent you hold any rights in a submission, you assign them to {siteName}, and you grant{' '}
          {siteName} a full, perpetual, irrevocable, worldwide, royalty-free licence to use, copy, modify,
          print, sell, sublicense and otherwise exploit it commercially, in any medium, without further
          notice.
        </p>
        <p>Only submit material you have the right to submit, such as photos you took yourself.</p>
      </>
    ),
  },
  {
    id: 'waiver',
    heading: 'No attribution, no compensation',
    body: (
      <p>
        You waive any right to be credited or attributed for a pattern or submission, and any right to
        payment, royalties or other compensation for it, including when {siteName} uses or sells it
        commercially. Showing a designer's name in the gallery or the Trophy Club is a courtesy, not an
        obligation.
      </p>
    ),
  },
  {
    id: 'contest',
    heading: 'Voting and the monthly contest',
    body: (
      <p>
        Signed-in members may vote once per design and may not vote on their own designs. The monthly winner
        is the design with the most votes that month. We may remove votes or designs that we believe were
        gamed, and winning carries no prize or payment unless we announce otherwise.
      </p>
    ),
  },
  {
    id: 'warranty',
    heading: 'No warranty',
    body: (
      <p>
        The site and everything on it, including generated patterns, are provided “as is” and “as available”,
        without any warranty of any kind, express or implied, including merchantability, fitness for a
        particular purpose, and non-infringement. A pattern is not a promise that you or anything else will be
        concealed from anyone or any animal.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'No security guarantee',
    body: (
      <p>
        We take reasonable care with the data you give us, but no system is perfectly secure. We do not
        guarantee that the site, your account or your data will be free from unauthorised access, loss,
        interruption or error, and you use the site at your own risk.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    body: (
      <p>
        To the fullest extent the law allows, {siteName} is not liable for any indirect, incidental, special
        or consequential damages, or for lost data or profits, arising from your use of the site.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes and termination',
    body: (
      <p>
        We may change these terms, or suspend or close accounts that break them. If you keep using the site
        after a change is posted here, you accept the new terms.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of Arizona, United States, without regard to its
        conflict-of-law rules. Any dispute will be heard by the state or federal courts located in Arizona.
      </p>
    ),
  },
];
