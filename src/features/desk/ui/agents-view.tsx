/**
 * The desk's "Agents" view: the agents named on confirmed bookings made in the last 12 months,
 * with how many each sent, the most first. Each agent follows those bookings on /agent.
 */
import { useQuery } from "@tanstack/react-query";
import React from "react";
import { readApiError } from "../../../lib/http/api-error";
import type { DeskAgents } from "../shared/desk-agents";

export function AgentsView() {
  const agents = useQuery<DeskAgents>({ queryKey: ["/api/desk/agents"] });
  if (agents.isError) return <p role="alert">{readApiError(agents.error).message}</p>;
  if (!agents.data) return <p role="status">Reading the agents…</p>;
  const list = agents.data.agents;
  return (
    <section aria-labelledby="agents-title" className="space-y-3">
      <h2 id="agents-title" className="text-xl font-semibold">
        Agents who sent inspections
      </h2>
      <p className="text-slate-700">Confirmed bookings made since {agents.data.since}, by the agent they name.</p>
      {list.length === 0 ? (
        <p>No booking of that time names an agent.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">
                Agent
              </th>
              <th scope="col" className="py-1 pr-3">
                E-mail
              </th>
              <th scope="col" className="py-1">
                Inspections
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((agent) => (
              <tr key={agent.email} className="border-t border-slate-200">
                <td className="py-1 pr-3">{agent.name}</td>
                <td className="py-1 pr-3 [overflow-wrap:anywhere]">{agent.email}</td>
                <td className="py-1">{agent.inspections}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
