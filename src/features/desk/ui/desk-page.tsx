import { type HeadProps, type PageProps } from "gatsby";
import React, { useEffect, useState } from "react";
import { Desk } from "./desk";
import { RequestProvider } from "../../../components/forms/request-provider";
import { Seo } from "../../../components/seo";
import { Container } from "../../../components/ui/container";
import { PageHeader } from "../../../components/ui/page-header";

/** The owner's desk, for the business only; a sign-in link's token is read after hydration, never rendered. */
export default function DeskPage({ location }: PageProps) {
  const [asked, setAsked] = useState<URLSearchParams | undefined>(undefined);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the token is read in the browser only, never rendered into the HTML
  useEffect(() => setAsked(new URLSearchParams(location.search)), [location.search]);
  return (
    <>
      <PageHeader eyebrow="For the business" title="The desk" />
      <Container className="py-12">
        <RequestProvider>
          {asked && (
            <Desk
              token={asked.get("signin")}
              end={asked.get("end")}
              opened={{ day: asked.get("day"), booking: asked.get("booking") }}
            />
          )}
        </RequestProvider>
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="The Desk"
      description="The business's own bookings and time off."
      pathname={location.pathname}
      noindex
    />
  );
}
