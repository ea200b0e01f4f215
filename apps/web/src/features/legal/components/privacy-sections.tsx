import { Link } from 'react-router';
import type { LegalSection } from '@/features/legal/components/legal-page';

/** The Privacy Policy, section by section; `siteName` is the configured name of the site. */
export const privacySections = (siteName: string): LegalSection[] => [
  {
    id: 'what-we-keep',
    heading: 'What we keep',
    body: (
      <ul>
        <li>
          Your e-mail address and name, as your sign-in provider gives them to us, and when you signed up and
          last signed in.
        </li>
        <li>Your display name, and, only if you add them, your phone number and zip code.</li>
        <li>Whether you want promotional communications (off unless you switch it on).</li>
        <li>
          The environment photos you upload, with their description, state and county. We re-encode every
          photo and <strong>strip all metadata, including GPS location</strong>, before storing it: your spots
          stay yours.
        </li>
        <li>The designs you generate and submit, your votes and your comments.</li>
        <li>A session cookie that keeps you signed in. We use no advertising or tracking cookies.</li>
      </ul>
    ),
  },
  {
    id: 'who-sees-it',
    heading: 'Who sees it',
    body: (
      <ul>
        <li>
          <strong>Other members</strong> see your display name, when you joined, your submitted designs (with
          their photos, descriptions, state and county), your votes' effect on counts, and your comments.
        </li>
        <li>
          <strong>Only you</strong> see your e-mail address, phone number, zip code and promotional setting.
          They never appear on public pages or in other members' responses.
        </li>
        <li>
          <strong>{siteName}</strong> staff can see what is needed to run the site, and use submissions as
          described in the{' '}
          <Link to="/terms" className="text-link">
            Terms of Service
          </Link>
          .
        </li>
        <li>We do not sell your personal data.</li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    heading: 'How we use it',
    body: (
      <p>
        To sign you in, show your designs and profile, run the gallery and the monthly contest, keep the site
        safe from abuse, and, only if you opted in, tell you about products and promotions. You can switch
        promotional communications off at any time on your profile page.
      </p>
    ),
  },
  {
    id: 'your-choices',
    heading: 'Your choices',
    body: (
      <p>
        You can change your display name, phone number, zip code and promotional setting on your profile at
        any time, and clear your phone number or zip code by saving them empty. To ask for a copy or deletion
        of your account data, contact us through the site's social channels.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        We protect your data with reasonable measures, such as private session cookies and stripping photo
        metadata, but we cannot guarantee its security. See the Terms of Service: there is no security
        guarantee.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes and governing law',
    body: (
      <p>
        We may update this policy and will post the new version here. This policy is governed by the laws of
        the State of Arizona.
      </p>
    ),
  },
];
