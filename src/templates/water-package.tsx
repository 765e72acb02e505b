import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { CalendarCheck } from "lucide-react";
import React from "react";
import { SourceList } from "../components/content/source-list";
import { ClosingCta } from "../components/home/closing-cta";
import { Seo } from "../components/seo";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { TooltipGroup } from "../components/ui/info-tip";
import { ParameterName } from "../components/water/parameter-name";
import { PageHeader } from "../components/ui/page-header";
import { usePageSources } from "../hooks/use-page-sources";
import { useSiteInfo } from "../hooks/use-site-info";
import { formatDollars } from "../lib/format";
import { useSiteUrl } from "../hooks/use-site-url";
import { scheduleWith, servicePath, servicesPath, waterQualityService } from "../lib/paths";
import { waterPackageNode } from "../lib/structured-data";

type WaterPackage = NonNullable<Queries.WaterPackageTemplateQuery["waterPackage"]>;

function ParameterTable({ parameters }: { parameters: WaterPackage["parameters"] }) {
  return (
    <TooltipGroup>
      {/* relative: the screen-reader-only text inside is positioned absolutely and must scroll with the table, not widen the page */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full min-w-[32rem] text-left">
          <caption className="sr-only">What this package tests, with each drinking-water limit</caption>
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Parameter
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Limit
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Standard
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {parameters.map((parameter) => (
              <tr key={parameter.parameterId}>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  <ParameterName name={parameter.name} explanation={parameter.explanation} />
                </th>
                <td className="px-4 py-2 text-slate-700">{parameter.limit}</td>
                <td className="px-4 py-2 text-slate-700">{parameter.standard}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TooltipGroup>
  );
}

export default function WaterPackageTemplate({ data }: PageProps<Queries.WaterPackageTemplateQuery>) {
  const { phone } = useSiteInfo();
  const { sources, lastReviewed } = usePageSources("water-packages");
  const pack = data.waterPackage!;
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

export const query = graphql`
  query WaterPackageTemplate($id: String!) {
    waterPackage(id: { eq: $id }) {
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
  }
`;

export function Head({ data, location }: HeadProps<Queries.WaterPackageTemplateQuery>) {
  const siteUrl = useSiteUrl();
  const pack = data.waterPackage!;
  return (
    <Seo
      title={`${pack.name} Water Test`}
      description={pack.summary}
      pathname={location.pathname}
      parents={[
        { name: "Services", path: servicesPath },
        { name: "Water Quality Testing", path: servicePath(waterQualityService) },
      ]}
      structuredData={[waterPackageNode(siteUrl, { ...pack, path: location.pathname })]}
    />
  );
}
