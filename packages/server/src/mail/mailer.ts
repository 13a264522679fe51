import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail; rejects when the mail server did not take the message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mailer over SMTP (`SMTP_URL`: smtp://user:pass@host:port, smtps://... for TLS). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
    close: () => transport.close(),
  };
}
