/** /api/desk/<action>: the owner's desk (src/features/desk/server/desk-handler.ts). */
import { deskHandler } from "../../features/desk/server/desk-handler";
import { functionConfig } from "../../lib/server/http/read-body";

export default deskHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
