import { type HeadProps } from "gatsby";
import React from "react";
import { ContactForm } from "../features/requests/ui/contact-form";
import { ContactDetails } from "../components/content/contact-details";
import { Seo } from "../components/seo";
import { DeferredToaster } from "../components/ui/deferred-toaster";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";

export default function ContactPage() {
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact us"
        intro="Ask a question about an inspection, a test or Maryland's rules. Call us, or write and we will answer within one business day."
      />
      <Container className="grid gap-10 py-12 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm />
          <DeferredToaster />
        </div>
        <ContactDetails />
      </Container>
    </>
  );
}

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Contact Us"
      description="Phone, e-mail or write to a licensed Maryland home inspection company about inspections, radon, water, septic, mold and lead paint testing."
      pathname={location.pathname}
    />
  );
}
