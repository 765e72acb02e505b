/**
 * The store for this host: Netlify Blobs on Netlify (or wherever NETLIFY_BLOBS_CONTEXT names a
 * Blobs server), else the outbox folder; null when there is neither (a serverless host without
 * Blobs). What a store answers is in store-types.ts.
 */
import { blobStore } from "./blob-store";
import { fileStore, outboxDir } from "./outbox";
import { onNetlify, runtimeEnv } from "./http/runtime";
import type { RequestStore } from "./store-types";

/** `lambdaEvent` is the Netlify function's event, which carries the Blobs credentials. */
export function requestStore(env: NodeJS.ProcessEnv = runtimeEnv(), lambdaEvent?: unknown): RequestStore | null {
  const netlifyContext = (globalThis as { netlifyBlobsContext?: string }).netlifyBlobsContext;
  const event = lambdaEvent as { blobs?: string } | undefined;
  if (env.NETLIFY_BLOBS_CONTEXT || netlifyContext || event?.blobs || (onNetlify(env) && env.NETLIFY_BLOBS_TOKEN)) {
    return blobStore(env, lambdaEvent);
  }
  const dir = outboxDir(env);
  return dir ? fileStore(dir, env) : null;
}
