import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP server that holds each message's final answer for `holdMs` and counts only those it then accepts. */
export async function startHoldingSmtpServer() {
  const closedSessions = new Set<string>();
  const state = {
    url: '',
    holdMs: 0,
    /** Message-IDs of the messages whose DATA arrived (acknowledged or not). */
    arrived: [] as string[],
    /** Accepted messages per recipient and Message-ID (`to|<delivery id@domain>`). */
    accepted: new Map<string, number>(),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const messageId = mail.messageId ?? '';
          state.arrived.push(messageId);
          setTimeout(() => {
            // The client died while we held the answer: the message was never acknowledged.
            if (closedSessions.has(session.id)) return callback(new Error('connection closed'));
            for (const to of session.envelope.rcptTo) {
              const key = `${to.address}|${messageId}`;
              state.accepted.set(key, (state.accepted.get(key) ?? 0) + 1);
            }
            callback();
          }, state.holdMs);
        })
        .catch(callback);
    },
  });
  // A client killed mid-transaction resets its connection, which smtp-server reports as an 'error'
  // event on the server: expected here (the kill is the test), and unhandled it would crash the run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  state.url = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
