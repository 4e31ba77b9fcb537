import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, read back with a real MIME parser. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface SmtpInbox {
  /** smtp://user:pass@127.0.0.1:<port>, as SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The mails sent to this address, oldest first. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** The first http(s) link of a mail's text. */
export const linkIn = (mail: ReceivedMail): string => {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  return link;
};

/** The token of a link that carries it in its fragment (`#token=...`). */
export const tokenOf = (link: string): string => new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';

/**
 * A real SMTP server on a free port of this machine (smtp-server, the nodemailer project's), which
 * asks for the credentials in its URL and keeps every mail it accepts. No STARTTLS: nothing leaves
 * the loopback interface.
 */
export async function startSmtpInbox(user = 'spotter', pass = 'mail-secret'): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: (parsed.from?.value ?? []).map((a) => `${a.name} <${a.address}>`).join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
