import { type HeadProps } from "gatsby";
import React from "react";
import { ContactDetails } from "../components/content/contact-details";
import { Seo } from "../components/seo";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";

export default function SchedulePage() {
  return (
    <>
      <PageHeader
        eyebrow="Schedule"
        title="Schedule an inspection"
        intro="Choose your inspection and any tests, tell us about the property and two dates that suit you, and see an itemised estimate before you send the request."
      />
      <Container className="grid gap-10 py-12 lg:grid-cols-3">
        <div className="lg:col-span-2" />
        <ContactDetails />
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Schedule an Inspection"
      description="Get an instant estimate for a Maryland home, commercial or new construction inspection with radon, water, septic and other tests, and request your dates."
      pathname={location.pathname}
    />
  );
}
