// The SMTP transport of the mail sender (#29): nodemailer, one connection per mail (no pool, so
// one slow or broken conversation never holds another mail), with timeouts on connecting, on the
// greeting and on every read, and the send aborted through its AbortSignal (the sender's timeout
// and shutdown). The password never leaves this object.
import { createTransport } from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { MailTransport } from './sender.ts';

export interface SmtpTransportOptions {
  smtp: SmtpConfig;
  /** MAIL_FROM */
  from: string;
  /** Connecting, the greeting and each read at most (default 10 s each). */
  timeoutMs?: number;
}

export function smtpTransport({ smtp, from, timeoutMs = 10_000 }: SmtpTransportOptions): MailTransport {
  const transporter = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.starttls === 'required',
    ignoreTLS: smtp.starttls === 'never',
    ...(smtp.user === undefined ? {} : { auth: { user: smtp.user, pass: smtp.password ?? '' } }),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Sent in each attempt's log line of nodemailer otherwise: keep it quiet.
    logger: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail, signal) {
      const info = await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        signal,
      });
      return { messageId: info.messageId };
    },
  };
}
