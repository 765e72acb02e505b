import path from "node:path";
import { readOutbox } from "../../src/lib/server/outbox";

/** The site the browser tests use, served as in production. */
export const e2ePort = Number(process.env.E2E_PORT ?? 9123);
/** A second copy of the site whose outbox cannot be written: its functions really fail. */
export const brokenPort = e2ePort + 1;
export const brokenSite = `http://127.0.0.1:${brokenPort}`;

/** Where the browser tests' site keeps its outbox. */
export const E2E_OUTBOX = path.resolve(__dirname, "..", "..", ".data", "e2e-outbox");

export const readE2eOutbox = (kind: string) => readOutbox(E2E_OUTBOX, kind);
