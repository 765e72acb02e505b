/** POST /api/privacy: a link to what the site keeps about an e-mail address, sent to that address (src/features/privacy/server/data-rights.ts). */
import { dataLinkHandler } from "../features/privacy/server/data-rights";
import { functionConfig } from "../lib/server/http/read-body";

export default dataLinkHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
