import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests: keeps every parsed message; `refuse` answers 451/550 instead. */
export interface TestSmtpServer {
  url: string;
  messages: ParsedMail[];
  /** Raw sources, for header checks. */
  raw: string[];
  refuse: null | { code: number; message: string };
  waitFor(count: number, timeoutMs: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    messages: [],
    raw: [],
    refuse: null,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (state.messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`only ${state.messages.length} of ${count} messages arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return state.messages;
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          const error = Object.assign(new Error(state.refuse.message), { responseCode: state.refuse.code });
          callback(error);
          return;
        }
        const source = Buffer.concat(chunks);
        simpleParser(source)
          .then((mail) => {
            state.raw.push(source.toString('utf8'));
            state.messages.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver: answers each POST with `answer(request)` (default 200 "ok") and keeps it. */
export interface TestHttpReceiver {
  url: string;
  received: ReceivedRequest[];
  answer: (request: ReceivedRequest) => { status: number; body: string };
  close(): Promise<void>;
}

export async function startHttpReceiver(): Promise<TestHttpReceiver> {
  const receiver: TestHttpReceiver = {
    url: '',
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      receiver.received.push(received);
      const { status, body } = receiver.answer(received);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
