/** POST /api/schedule: a request for an inspection, with the price recomputed here. */
import { scheduleEndpoint } from "../features/requests/server/endpoints";
import { createRequestHandler } from "../features/requests/server/handle-request";
import { functionConfig } from "../lib/server/http/read-body";

export default createRequestHandler(scheduleEndpoint);

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
