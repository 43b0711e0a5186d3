/**
 * Entry of the analysis worker thread (started by analysis-worker-host.ts through
 * analysis-worker-entry.mjs): rebuilds a task's input from the parts the main thread sends, runs
 * the task when asked and posts back its output or the error it threw. Its only I/O is a whole
 * run on PostgreSQL (analyze-warehouse.ts), over connections of its own; tasks run one at a time
 * (the host waits for each answer before it sends the next task's parts).
 */
import { parentPort } from 'node:worker_threads';
import { erasedTask, type WorkerMessage, type WorkerReply } from './analysis-worker-tasks.ts';
import { encodeParts, PartsDecoder } from './analysis-worker-wire.ts';

const port = parentPort;
if (!port) throw new Error('analysis-worker.ts runs as a worker thread (see analysis-worker-host.ts)');

/** The input being received; a new request id starts over (a request whose encoding failed). */
let receiving: { id: number; decoder: PartsDecoder; error: unknown } | null = null;

async function run(message: Extract<WorkerMessage, { type: 'run' }>): Promise<{
  reply: WorkerReply;
  transfer: ArrayBuffer[];
}> {
  const input = receiving?.id === message.id ? receiving : null;
  receiving = null;
  try {
    if (!input) throw new Error('The analysis worker received no input for this task');
    if (input.error) throw input.error;
    const task = erasedTask(message.task);
    const output = await task.run(input.decoder.result());
    const parts = [...encodeParts(output, task.output)];
    return {
      reply: { ok: true, parts: parts.map((p) => p.part) },
      transfer: parts.flatMap((p) => p.transfer),
    };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { reply: { ok: false, message: failure.message, stack: failure.stack ?? null }, transfer: [] };
  }
}

port.on('message', (message: WorkerMessage) => {
  if (message.type === 'run') {
    void run(message).then(({ reply, transfer }) => port.postMessage(reply, transfer));
    return;
  }
  if (receiving?.id !== message.id) receiving = { id: message.id, decoder: new PartsDecoder(), error: null };
  if (receiving.error) return;
  try {
    receiving.decoder.accept(message.part);
  } catch (error) {
    receiving.error = error;
  }
});
