/**
 * The server of a test file that posts the site's two forms (the schedule request and the contact
 * message) to their functions: the built site under the production server, each test speaking
 * from a loopback address of its own, and the sample booking at an open time of its own.
 */
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { startFunctionServer, type FunctionServer } from "./function-server";
import { bookingRequest, SAMPLE_JOB } from "./sample-requests";
import { startDispenser } from "./start-dispenser";

export interface FormServer {
  server: FunctionServer;
  /** The URLs the two forms post to. */
  schedule: string;
  contact: string;
  /** A loopback address no test of the file has spoken from, so the per-address limit is its own. */
  freshAddress: () => string;
  /** The sample booking, at an open time of its own. */
  scheduleRequest: (overrides?: Record<string, unknown>) => ReturnType<typeof bookingRequest>;
}

/**
 * A form server started before a test file's tests and stopped after them; its server and URLs
 * are read through the object it returns once the tests run. A body must arrive within 1 s
 * (bodyTimeoutMs), so a test of a slow body is quick.
 */
export function formServerForTests(): FormServer {
  let nextAddress = 10;
  let nextStart: () => string;
  const held: FormServer = {
    server: undefined as unknown as FunctionServer,
    schedule: "",
    contact: "",
    freshAddress: () => `127.0.3.${nextAddress++}`,
    scheduleRequest: (overrides = {}) => bookingRequest(nextStart(), overrides),
  };
  beforeAll(async () => {
    held.server = await startFunctionServer(settingsEnv({ bodyTimeoutMs: 1_000 }));
    held.schedule = `${held.server.url}/api/schedule`;
    held.contact = `${held.server.url}/api/contact`;
    // The sample job takes 250 minutes of an inspector's time: starts that far apart never compete.
    nextStart = await startDispenser(held.server.url, SAMPLE_JOB, 250);
  });
  afterAll(() => held.server?.stop());
  return held;
}
