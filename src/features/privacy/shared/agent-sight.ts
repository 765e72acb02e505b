/** What the client's data page shows of their agent's view of each booking (privacy/server/agent-sight.ts). */
export interface AgentSight {
  reference: string;
  /** The visit, in words on Maryland's clock. */
  when: string;
  property: string;
  /** The agent as the booking names them. */
  agent: string;
  /** Whether the agent may have the report too (the client said so, at booking or on the booking's page). */
  report: boolean;
}
