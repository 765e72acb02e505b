/** GET /api/desk/agents: the agents who sent the work, with the inspections each sent in the last 12 months. */
export interface DeskAgents {
  /** The first day counted, in words. */
  since: string;
  agents: Array<{ email: string; name: string; inspections: number }>;
}
