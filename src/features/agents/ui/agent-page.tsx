/** /agent: an agent's page of their clients' inspections; signed in, the board, else the sign-in. */
import { useQuery } from "@tanstack/react-query";
import { type HeadProps, type PageProps } from "gatsby";
import React, { useEffect, useState } from "react";
import { getQueryFn } from "../../../lib/http/api-request";
import { readApiError } from "../../../lib/http/api-error";
import { RequestProvider } from "../../../components/forms/request-provider";
import { Seo } from "../../../components/seo";
import { Container } from "../../../components/ui/container";
import { PageHeader } from "../../../components/ui/page-header";
import type { AgentPage as AgentPageData } from "../shared/agent-view";
import { AgentBoard } from "./agent-board";
import { AgentSignIn, EndAgentSession } from "./agent-sign-in";

function Agent({ token, end }: { token: string | null; end: string | null }) {
  const page = useQuery<AgentPageData | null>({
    queryKey: ["/api/agent/page"],
    queryFn: getQueryFn<AgentPageData>({ on401: "returnNull" }),
  });
  if (end) return <EndAgentSession secret={end} />;
  if (page.isPending) return <p role="status">Opening your page…</p>;
  if (page.data) return <AgentBoard page={page.data} />;
  if (page.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-700">
        {readApiError(page.error).message}
      </p>
    );
  }
  return <AgentSignIn token={token} />;
}

/** A sign-in link's token is read after hydration, never rendered. */
export default function AgentPage({ location }: PageProps) {
  const [asked, setAsked] = useState<URLSearchParams | undefined>(undefined);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the token is read in the browser only, never rendered into the HTML
  useEffect(() => setAsked(new URLSearchParams(location.search)), [location.search]);
  return (
    <>
      <PageHeader eyebrow="For agents" title="Your clients' inspections" />
      <Container className="py-12">
        <RequestProvider>{asked && <Agent token={asked.get("signin")} end={asked.get("end")} />}</RequestProvider>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Your Clients' Inspections"
      description="For real-estate agents: the inspections your clients booked with us."
      pathname={location.pathname}
      noindex
    />
  );
}
