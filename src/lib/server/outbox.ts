import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { processState, runtimeEnv } from "./runtime";

/**
 * The outbox: the embedded default sink. Each accepted request becomes one JSON line in
 * `<OUTBOX_DIR>/<kind>.jsonl`, written and flushed to disk before the function answers.
 * On a serverless host the disk does not last, so there it is used only when OUTBOX_DIR is
 * set explicitly (to durable storage).
 */
export function outboxDir(env: NodeJS.ProcessEnv = runtimeEnv()): string | null {
  if (env.OUTBOX_DIR) return path.resolve(env.OUTBOX_DIR);
  if (env.AWS_LAMBDA_FUNCTION_NAME || env.NETLIFY) return null;
  return path.resolve(".data/outbox");
}

/** Appends run one after another, so concurrent requests never interleave their lines. */
const queue = processState("outbox-queue", () => ({ tail: Promise.resolve() as Promise<unknown> }));

export function appendToOutbox(dir: string, kind: string, record: object): Promise<void> {
  const write = async () => {
    await mkdir(dir, { recursive: true });
    const file = await open(path.join(dir, `${kind}.jsonl`), "a");
    try {
      await file.write(`${JSON.stringify(record)}\n`);
      await file.datasync();
    } finally {
      await file.close();
    }
  };
  const result = queue.tail.then(write, write);
  queue.tail = result.catch(() => undefined);
  return result;
}
