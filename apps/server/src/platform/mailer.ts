import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from './config.js';

export interface Mailer {
  sendSignInLink(email: string, url: string): Promise<void>;
}

/** Keeps addresses out of logs (quality.md rule 10) while leaving them recognisable. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * SMTP when configured. Otherwise (development only: config.ts requires SMTP in production)
 * the link goes to the server log and, as a file, to DATA_DIR/outbox, where a developer or a
 * browser test can pick it up.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'siteName' | 'dataDir'>,
  log: Logger,
): Mailer {
  // The SMTP library is loaded at the first mail, not at start: most starts send none.
  const smtpUrl = config.smtpUrl;
  let smtp: Promise<Transporter> | undefined;
  const transport = smtpUrl
    ? () => (smtp ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(smtpUrl)))
    : undefined;
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async sendSignInLink(email, url) {
      if (!transport) {
        log.info(
          { to: maskEmail(email), url },
          'sign-in link (no SMTP_URL set, so it is logged instead of mailed)',
        );
        await mkdir(outbox, { recursive: true });
        await writeFile(
          path.join(outbox, `${Date.now()}-${randomUUID()}.json`),
          JSON.stringify({ to: email, subject: `Your ${config.siteName} sign-in link`, url }),
          { mode: 0o600 },
        );
        return;
      }
      await (
        await transport()
      ).sendMail({
        from: config.mailFrom,
        to: email,
        subject: `Your ${config.siteName} sign-in link`,
        text: `Open this link to sign in to ${config.siteName}. It works once, for 15 minutes:\n\n${url}\n\nIf you did not ask for it, ignore this e-mail.`,
      });
    },
  };
}
