/** POST /api/contact: a message to the business. */
import { contactEndpoint } from "../features/requests/server/endpoints";
import { createRequestHandler } from "../features/requests/server/handle-request";
import { functionConfig } from "../lib/server/http/read-body";

export default createRequestHandler(contactEndpoint);

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
