import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { Seo } from "../components/seo";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { PageHeader } from "../components/ui/page-header";
import { useSiteInfo } from "../hooks/use-site-info";
import { schedulePath } from "../lib/paths";
import { telHref } from "../lib/text/phone";
import { refundSentence } from "../features/payment-ledger/shared/refund-rule";

interface PolicyData {
  availability: {
    rules: {
      cancellation: {
        cutoffHours: number;
        policy: string;
        refund: { fullRefundHours: number; lateRefundPercent: number; reachesYouIn: string };
      };
    };
  };
}

/** The cancellation and rescheduling policy, from availability.yaml (the cut-off sentence is made from its number). */
export default function CancellationPolicyPage({ data }: PageProps<PolicyData>) {
  const { cutoffHours, policy, refund } = data.availability.rules.cancellation;
  const { phone, hours } = useSiteInfo();
  return (
    <>
      <PageHeader
        eyebrow="Booking"
        title="Cancelling or moving an inspection"
        intro={`You can cancel or move a booking yourself, with the link in your confirmation e-mail, until ${cutoffHours} hours before it starts.`}
      />
      <Container width="prose" className="space-y-6 py-12 text-lg leading-8 text-slate-800">
        <p>{policy}</p>
        <p>{refundSentence(refund)}</p>
        <p>
          Call us on{" "}
          <a href={telHref(phone)} className="font-semibold text-brand-700 underline">
            {phone}
          </a>{" "}
          ({hours}).
        </p>
        <ButtonLink to={schedulePath} size="lg">
          Schedule an inspection
        </ButtonLink>
      </Container>
    </>
  );
}

export const query = graphql`
  query CancellationPolicy {
    availability {
      rules {
        cancellation {
          cutoffHours
          policy
          refund {
            fullRefundHours
            lateRefundPercent
            reachesYouIn
          }
        }
      }
    }
  }
`;

export function Head({ location }: HeadProps) {
  return (
    <Seo
      title="Cancellation and Rescheduling Policy"
      description="How to cancel or move a booked home inspection online, and until when."
      pathname={location.pathname}
    />
  );
}
