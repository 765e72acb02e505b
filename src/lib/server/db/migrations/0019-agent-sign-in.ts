/**
 * Migration 0019 (its order and rules: ../migrations.ts): an agent's sign-in by e-mailed link, the
 * desk's own mechanism (src/lib/server/link-sign-in/) on tables of its own, so neither list of
 * sessions shows the other's and the caps are counted apart.
 */
import type { Migration } from "./migration";

export const AGENT_SIGN_IN: readonly Migration[] = [
  {
    name: "0019-agent-sign-in",
    sql: `
  -- Every ask for an agent's sign-in link, for any address, as desk_links: the mailbox is an
  -- agent's address as a booking stores it (folded), or null for any other text or a cap.
  CREATE TABLE agent_links (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    mailbox text,
    client text NOT NULL,
    asked_at timestamptz NOT NULL,
    token_hash text UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    reference text REFERENCES requests (reference) ON DELETE SET NULL
  );
  CREATE INDEX agent_links_mailbox ON agent_links (mailbox, asked_at);
  CREATE INDEX agent_links_client ON agent_links (client, asked_at);
  CREATE INDEX agent_links_asked ON agent_links (asked_at);

  -- An agent's session, as desk_sessions: ended by the agent, by the link in the notice of its
  -- sign-in (e-mailed to the agent), or at its end.
  CREATE TABLE agent_sessions (
    number bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id_hash text PRIMARY KEY,
    end_hash text NOT NULL UNIQUE,
    mailbox text NOT NULL,
    client text NOT NULL,
    notice text REFERENCES requests (reference) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  );
  `,
  },
];
