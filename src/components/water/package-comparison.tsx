import { graphql, Link, useStaticQuery } from "gatsby";
import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { formatDollars } from "../../lib/text/format";
import { TooltipGroup } from "../ui/info-tip";
import { TableScroller } from "../ui/table-scroller";
import { ParameterRows } from "./parameter-rows";

const Check = iconFrom(lucide.Check);
const Minus = iconFrom(lucide.Minus);

/**
 * Every water-testing package side by side: one column per package, one row per parameter.
 * Placed in content/services/water-quality.mdx as a slot (src/lib/content/mdx-slots.ts); only that page loads it.
 *
 * Wider than a phone, it scrolls inside its frame both ways, with the packages' row and the
 * parameters' column held in place (`sticky-headings`, src/styles/global.css), so a tick far
 * right or far down still shows which package and which parameter it belongs to.
 */

export function PackageComparison() {
  const data = useStaticQuery<Queries.PackageComparisonQuery>(graphql`
    query PackageComparison {
      allWaterPackage(sort: { order: ASC }) {
        nodes {
          packageId
          name
          price
          turnaround
          path
          parameters {
            parameterId
          }
        }
      }
      allWaterParameter(sort: { order: ASC }) {
        nodes {
          parameterId
          name
          limit
          explanation
        }
      }
    }
  `);
  const packages = data.allWaterPackage.nodes;
  const included = packages.map((pack) => new Set(pack.parameters.map((parameter) => parameter.parameterId)));
  const parameters = data.allWaterParameter.nodes.filter((parameter) =>
    included.some((set) => set.has(parameter.parameterId)),
  );

  return (
    <TooltipGroup>
      <TableScroller className="my-8 max-h-[80vh] overflow-y-auto">
        <table className="sticky-headings w-full min-w-[40rem] text-left text-sm sm:text-base">
          <caption className="px-4 py-3 text-left text-base font-semibold text-slate-900">
            {/* Held at the frame's left and as wide as the frame, so the table's name wraps where it is seen. */}
            <span className="sticky left-4 block max-w-[calc(100vw-4rem)] sm:max-w-none">
              Water testing packages compared: what each one tests
            </span>
          </caption>
          <thead className="bg-slate-50 align-bottom">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold text-slate-700">
                Parameter and limit
              </th>
              {packages.map((pack) => (
                <th
                  key={pack.packageId}
                  scope="col"
                  className="min-w-28 px-3 py-3 text-center font-semibold text-slate-900"
                >
                  <Link to={pack.path} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                    {pack.name}
                  </Link>
                  {/* A space: the column's name is "Basic Potability $150", not "Potability$150". */}{" "}
                  <span className="block text-sm font-normal text-slate-700">{formatDollars(pack.price)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <ParameterRows
            parameters={parameters}
            underName={(parameter) => (
              <span className="block text-sm font-normal text-slate-600">{parameter.limit}</span>
            )}
            cells={(parameter) =>
              included.map((set, index) => (
                <td key={packages[index]!.packageId} className="px-3 py-2 text-center">
                  {set.has(parameter.parameterId) ? (
                    <>
                      <Check className="mx-auto size-5 text-brand-700" aria-hidden="true" />
                      <span className="sr-only">Included</span>
                    </>
                  ) : (
                    <>
                      <Minus className="mx-auto size-5 text-slate-400" aria-hidden="true" />
                      <span className="sr-only">Not included</span>
                    </>
                  )}
                </td>
              ))
            }
          />
          <tfoot className="bg-slate-50">
            <tr>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-700">
                Lab turnaround
              </th>
              {packages.map((pack) => (
                <td key={pack.packageId} className="px-3 py-3 text-center text-sm text-slate-700">
                  {pack.turnaround}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableScroller>
    </TooltipGroup>
  );
}
