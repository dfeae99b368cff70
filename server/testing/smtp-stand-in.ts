/**
 * A stand-in SMTP server on 127.0.0.1 for the mail tests: it keeps every message it takes and can
 * refuse a recipient, permanently (5xx, a bounce) or for now (4xx), as a real one would.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** Decides each recipient's answer: a code (550, 450…) refuses it, undefined takes it. */
  refuse: (address: string) => number | undefined;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const standIn: SmtpStandIn = { url: '', received: [], refuse: () => undefined, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = standIn.refuse(address.address);
      if (code)
        return callback(Object.assign(new Error(`Mailbox unavailable (${code})`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        standIn.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
