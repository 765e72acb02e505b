/** /api/agreement: read and sign the inspection agreement with the client's link (src/features/agreement/server/sign-agreement.ts). */
import { agreementHandler } from "../features/agreement/server/sign-agreement";
import { functionConfig } from "../lib/server/http/read-body";

export default agreementHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
