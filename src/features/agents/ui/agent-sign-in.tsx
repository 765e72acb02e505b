/** An agent's sign-in, by a link sent to the address their clients' bookings name (components/sign-in/link-sign-in.tsx). */
import React from "react";
import { EndSessionByNotice, LinkSignIn } from "../../../components/sign-in/link-sign-in";

export const AgentSignIn = ({ token }: { token: string | null }) => (
  <LinkSignIn
    api="/api/agent"
    signedInQuery="/api/agent/page"
    token={token}
    intro="For real-estate agents whose clients book with us: follow your clients' inspections here. Sign in with a link sent to the address your clients' bookings name: no password."
    signInLabel="Sign in"
    inputId="agent-email"
  />
);

export const EndAgentSession = ({ secret }: { secret: string }) => (
  <EndSessionByNotice
    api="/api/agent"
    secret={secret}
    intro="This page came from the e-mail that told you of a sign-in with your address. If it was not you, end that session here."
    endedText={(ended) => `Ended the session signed in from the network address ${ended.client}.`}
  />
);
