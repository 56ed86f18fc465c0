// The SMTP server a cluster of scripts/cluster.ts sends its mails to (#29; `ClusterOptions.smtp`):
// smtp-server on a free loopback port, no TLS, no authentication. Without it the API instances
// would send to the stack's SMTP settings (MailDev's port, where nothing listens during a bench),
// and every mail would be refused and retried. The benches take every mail and keep none; the
// scale-out test counts them and holds its answers around a kill (`onMail`).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SmtpTarget } from '../../scripts/cluster.ts';

/** One mail that arrived in full (a message cut off by a kill never ends its stream). */
interface CaughtMail {
  /** The whole message as sent: headers, a blank line, the body. */
  readonly raw: string;
  /** Whether the client that sent it is still connected (it is gone once its process was killed). */
  readonly connected: () => boolean;
}

export interface MailCatcherOptions {
  /**
   * Called with each mail that arrived in full; the catcher answers it (250) once the returned
   * promise settles. Without it, every mail is answered at once.
   */
  readonly onMail?: (mail: CaughtMail) => void | Promise<void>;
}

export interface MailCatcher {
  /** Where the cluster sends (`ClusterOptions.smtp`). */
  readonly target: SmtpTarget;
  close(): Promise<void>;
}

/** Starts the catcher on 127.0.0.1 and a free port; `pollIntervalMs` goes into its target. */
export async function startMailCatcher(
  options: MailCatcherOptions & { readonly pollIntervalMs?: number } = {},
): Promise<MailCatcher> {
  const closedSessions = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { raw: Buffer.concat(chunks).toString('utf8'), connected: () => !closedSessions.has(session.id) };
        void Promise.resolve(options.onMail?.(mail)).then(
          () => callback(),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    target: {
      host: '127.0.0.1',
      port,
      ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
