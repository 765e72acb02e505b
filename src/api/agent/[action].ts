/** /api/agent/<action>: an agent's page of their clients' inspections (src/features/agents/server/agent-handler.ts). */
import { agentHandler } from "../../features/agents/server/agent-handler";
import { functionConfig } from "../../lib/server/http/read-body";

export default agentHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
