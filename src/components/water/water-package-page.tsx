import { graphql, Link } from "gatsby";
import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { SourceList } from "../content/source-list";
import { ClosingCta } from "../home/closing-cta";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { ParameterTable } from "./parameter-table";
import { PageHeader } from "../ui/page-header";
import { usePageSources } from "../../hooks/use-page-sources";
import { useSiteInfo } from "../../hooks/use-site-info";
import { formatDollars } from "../../lib/text/format";
import { scheduleWith, servicePath, waterQualityService } from "../../lib/paths";

const CalendarCheck = iconFrom(lucide.CalendarCheck);

/** A water-testing package: its price and turnaround, what it tests and what each result means. */
export function WaterPackagePage({ pack }: { pack: Queries.WaterPackagePageFragment }) {
  const { phone } = useSiteInfo();
  const { sources, lastReviewed } = usePageSources("water-packages");
  return (
    <>
      <PageHeader eyebrow="Water testing package" title={pack.name} intro={pack.summary}>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3">
          <div className="rounded-xl border border-brand-100 bg-white p-4">
            <dt className="text-sm font-semibold text-brand-700">Price</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{formatDollars(pack.price)}</dd>
          </div>
          <div className="rounded-xl border border-brand-100 bg-white p-4 sm:col-span-2">
            <dt className="text-sm font-semibold text-brand-700">Laboratory turnaround</dt>
            <dd className="mt-1 text-slate-800">{pack.turnaround}</dd>
            <dd className="mt-1 text-sm text-slate-600">The laboratory&apos;s quoted time, not a promise.</dd>
          </div>
        </dl>
        <ButtonLink to={scheduleWith({ package: pack.packageId })} size="lg" className="mt-8">
          <CalendarCheck className="size-5" aria-hidden="true" />
          Schedule this test
        </ButtonLink>
      </PageHeader>
      <Container className="grid grid-cols-1 gap-12 py-12 lg:grid-cols-3">
        <section aria-labelledby="tests-title" className="lg:col-span-2">
          <h2 id="tests-title" className="text-2xl font-semibold tracking-tight text-slate-900">
            What it tests
          </h2>
          <div className="mt-6">
            <ParameterTable parameters={pack.parameters} />
          </div>
          <h3 className="mt-10 text-xl font-semibold text-slate-900">What each result means</h3>
          <dl className="mt-4 space-y-4">
            {pack.parameters.map((parameter) => (
              <div key={parameter.parameterId}>
                <dt className="font-semibold text-slate-900">{parameter.name}</dt>
                <dd className="mt-1 leading-7 text-slate-700">{parameter.explanation}</dd>
              </div>
            ))}
          </dl>
          <SourceList sources={sources} lastReviewed={lastReviewed} />
        </section>
        <aside className="space-y-8">
          <section aria-labelledby="sampling-title">
            <h2 id="sampling-title" className="text-lg font-semibold text-slate-900">
              How sampling is done
            </h2>
            <p className="mt-2 leading-7 text-slate-700">{pack.sampling}</p>
            <h3 className="mt-4 text-base font-semibold text-slate-900">The laboratory&apos;s own terms</h3>
            <p className="mt-1 text-sm leading-6 text-slate-700">{pack.laboratoryTerms}</p>
          </section>
          <section aria-labelledby="suits-title">
            <h2 id="suits-title" className="text-lg font-semibold text-slate-900">
              Who it suits
            </h2>
            <p className="mt-2 leading-7 text-slate-700">{pack.suits}</p>
          </section>
          <p>
            <Link
              to={servicePath(waterQualityService)}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Compare every water testing package
            </Link>
          </p>
        </aside>
      </Container>
      <ClosingCta phone={phone} />
    </>
  );
}

export const waterPackagePageFragment = graphql`
  fragment WaterPackagePage on WaterPackage {
    packageId
    name
    summary
    price
    turnaround
    sampling
    laboratoryTerms
    suits
    parameters {
      parameterId
      name
      limit
      standard
      explanation
    }
  }
`;
