import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { htmlText } from './htmlText.ts';

export interface ReceivedMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export interface MailSink {
  /** smtp://127.0.0.1:PORT, for the server's SMTP_URL. */
  smtpUrl: string;
  /** The dev page listing received mail (and /messages.json), when an HTTP port was asked for. */
  pageUrl?: string;
  messages(): readonly ReceivedMail[];
  /** The first mail (already received or still to come) that matches, within `timeoutMs`. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Mail kept at once: the oldest is dropped past it. */
export const MAIL_SINK_CAPACITY = 200;
const MAX_MESSAGE_BYTES = 256 * 1024;


/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives (the local stack's and the tests'
 * mailbox): the server sends its login codes here over SMTP, as it would to a mail provider.
 */
export async function startMailSink(options: { smtpPort?: number; httpPort?: number } = {}): Promise<MailSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          };
          received.push(mail);
          if (received.length > MAIL_SINK_CAPACITY) received.shift();
          for (const waiter of waiters) {
            if (waiter.match(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let page: Server | undefined;
  if (options.httpPort !== undefined) {
    page = createHttpServer((request, response) => {
      if (request.url === '/messages.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
        return;
      }
      const rows = [...received]
        .reverse()
        .map((mail) => `<article><h2>${htmlText(mail.subject)}</h2><p>to ${htmlText(mail.to.join(', '))} · ${htmlText(mail.receivedAt)}</p><pre>${htmlText(mail.text)}</pre></article>`)
        .join('\n');
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" })
        .end(`<!doctype html><meta charset="utf-8"><title>Local mail</title><style>body{font:15px system-ui;margin:2rem;max-width:50rem}pre{background:#f3f3f3;padding:1rem;white-space:pre-wrap}</style><h1>Mail received by the local stack</h1>${rows || '<p>None yet.</p>'}`);
    });
    await new Promise<void>((resolve, reject) => {
      page!.once('error', reject);
      page!.listen(options.httpPort, '127.0.0.1', () => resolve());
    });
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    pageUrl: page ? `http://127.0.0.1:${(page.address() as AddressInfo).port}/` : undefined,
    messages: () => received,
    waitForMail(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (mail: ReceivedMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (page) await new Promise<void>((resolve) => page!.close(() => resolve()));
    },
  };
}

/** The 6-digit code in a login mail. */
export function codeFromMail(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in the mail "${mail.subject}"`);
  return code;
}
