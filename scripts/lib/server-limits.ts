/**
 * What the production server (scripts/serve.ts) allows one visitor, in one place. The README
 * states them beside the request contract.
 */
import { BODY_LIMIT_BYTES } from "../../src/lib/server/read-body";

export interface ServerLimits {
  /** Request headers must have arrived this long after the connection opened (else 408). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must have arrived within this (else 408). */
  requestTimeoutMs: number;
  /** Every answer is under way by then; a function still working is answered 503. */
  deadlineMs: number;
  /** Open connections from one address; more are closed at once. */
  connectionsPerAddress: number;
  /** Open connections in all. */
  connections: number;
  /** The largest body a function accepts (413 above it). */
  bodyBytes: number;
}

export const serverLimits: ServerLimits = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  deadlineMs: 20_000,
  connectionsPerAddress: 32,
  connections: 1_024,
  bodyBytes: BODY_LIMIT_BYTES,
};
