import path from "node:path";
import { readStored } from "../../scripts/lib/stored-requests";

/** The site the browser tests use, served as in production. */
export const e2ePort = Number(process.env.E2E_PORT ?? 9123);
/** A second copy of the site whose database cannot be reached: its functions really fail. */
export const brokenPort = e2ePort + 1;
export const brokenSite = `http://127.0.0.1:${brokenPort}`;

/** Where the browser tests' site keeps its data (the embedded database). */
export const E2E_DATA = path.resolve(__dirname, "..", "..", ".data", "e2e");

export const readE2eOutbox = (kind: string) => readStored(kind, { ...process.env, DATA_DIR: E2E_DATA });
