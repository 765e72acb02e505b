/** POST /api/contact: a message to the business. */
import { contactEndpoint } from "../lib/server/endpoints";
import { createRequestHandler } from "../lib/server/handle-request";
import { functionConfig } from "../lib/server/read-body";

export default createRequestHandler(contactEndpoint);

/**
 * Gatsby reads `config` from a function module (here: no built-in body parsing). It is declared
 * by destructuring because Gatsby's page scanner takes a plainly declared `config` export
 * anywhere in src/ for a page's rendering config, and would then build server-rendering
 * engines that this static site does not use.
 */
export const { config } = { config: functionConfig };
