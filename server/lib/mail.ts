import { redactText } from './logRedaction';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (a scheduled report's PDF), passed to nodemailer as they are. */
  attachments?: MailAttachment[];
}

/**
 * SMTP when SMTP_URL is set (docs/decisions/mail.md). Without it, each message goes to the log and to the
 * development outbox table, which this file owns, so the product works out of the box.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: Db; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    /** Sends a mail; without SMTP, writes it to the outbox through `via` (a transaction in progress) or the database. */
    async send(mail: Mail, via: Db = opts.db): Promise<void> {
      if (transport) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
        return;
      }
      const files = mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
      opts.log.info({ to: mail.to, subject: mail.subject, body: redactText(mail.text), attachments: files }, 'mail (no SMTP configured)');
      await via
        .insertInto('outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          created_at: new Date().toISOString(),
          attachments: mail.attachments?.length
            ? JSON.stringify(
                mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('base64') })),
              )
            : null,
        })
        .execute();
    },
    /** For notifications: a mail that fails must not undo the action that caused it. */
    sendLater(mail: Mail): void {
      this.send(mail).catch((err) => opts.log.error({ err, to: mail.to }, 'mail failed'));
    },
    /** A notification mail that could not even be addressed (say, the database went away): logged, never thrown. */
    reportFailure(err: unknown, accountId: number): void {
      opts.log.error({ err, accountId }, 'mail failed');
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;

/** The latest mail written to the outbox, newest first, optionally to one address (development only). */
export async function latestOutbox(db: Db, to?: string) {
  let q = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(50);
  if (to) q = q.where('to_address', '=', to.toLowerCase());
  return q.execute();
}
