// The local stack's mailbox: `node --import tsx packages/devnet/src/mailCli.ts` starts the SMTP sink
// on SMTP_PORT and its page on MAIL_PORT, prints `smtp: URL` and `mail: URL`, and runs until stopped.
import { startMailSink } from './mailSink.ts';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

const sink = await startMailSink({ smtpPort: port('SMTP_PORT', 2525), httpPort: port('MAIL_PORT', 1080) });
console.log(`smtp: ${sink.smtpUrl}`);
console.log(`mail: ${sink.pageUrl}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
