/**
 * Runs one invocation of a function from its unzipped Netlify bundle as Lambda's Node.js runtime does, then ends
 * the process at once, since Lambda freezes a function as soon as it has answered. Only Node's own modules: the
 * bundle must bring everything else. `node invoke.mjs <entry file>` reads the event (JSON) on stdin and writes
 * the answer (JSON) on fd 3; the function's output goes to stdout and stderr. API v2 functions answer through
 * Lambda's response streaming (`awslambda`), provided here as Lambda provides it.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";

const [entry, timeoutSeconds = "26"] = process.argv.slice(2);
const startedAt = Date.now();

let input = "";
for await (const chunk of process.stdin) input += chunk;
const event = JSON.parse(input);

/** A response stream as Lambda hands one to a streaming handler: bytes, and a prelude of metadata. */
function responseStream() {
  const chunks = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  stream.metadata = {};
  stream.setContentType = (type) => (stream.metadata.headers = { ...stream.metadata.headers, "content-type": type });
  stream.collected = () => Buffer.concat(chunks);
  return stream;
}

globalThis.awslambda = {
  streamifyResponse: (handler) => {
    const streaming = async (event, context) => {
      const stream = responseStream();
      const ended = new Promise((resolve, reject) => {
        stream.on("finish", resolve);
        stream.on("error", reject);
      });
      await handler(event, stream, context);
      await ended;
      const { statusCode = 200, headers = {} } = stream.metadata;
      return {
        statusCode,
        multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
        body: stream.collected().toString("base64"),
        isBase64Encoded: true,
      };
    };
    return streaming;
  },
  HttpResponseStream: {
    from: (stream, metadata) => {
      stream.metadata = { ...stream.metadata, ...metadata };
      return stream;
    },
  },
};

const context = {
  awsRequestId: randomUUID(),
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => Number(timeoutSeconds) * 1000 - (Date.now() - startedAt),
  clientContext: {},
};

const answerOut = createWriteStream(null, { fd: 3 });
const finish = (answer) => answerOut.end(JSON.stringify(answer), () => process.exit(0));
try {
  const module = await import(pathToFileURL(entry).href);
  const handler = module.handler ?? module.default?.handler;
  if (typeof handler !== "function") throw new Error(`${entry} exports no handler`);
  finish({ ok: true, result: await handler(event, context) });
} catch (error) {
  console.error(error);
  finish({ ok: false, error: String(error?.stack ?? error) });
}
