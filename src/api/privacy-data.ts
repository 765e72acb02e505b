/** /api/privacy-data: what is kept about the address of a signed link, and its deletion (src/features/privacy/server/data-rights.ts). */
import { keptDataHandler } from "../features/privacy/server/data-rights";
import { functionConfig } from "../lib/server/http/read-body";

export default keptDataHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
