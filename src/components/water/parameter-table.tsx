import React from "react";
import { TooltipGroup } from "../ui/info-tip";
import { TableScroller } from "../ui/table-scroller";
import { ParameterRows } from "./parameter-rows";

/** What a package tests: each parameter with its limit and the standard behind it. */
export function ParameterTable({ parameters }: { parameters: Queries.WaterPackagePageFragment["parameters"] }) {
  return (
    <TooltipGroup>
      <TableScroller>
        {/* Fixed column widths: on a slow phone the rows arrive a few at a time, and widths taken
            from the rows (the default) would move the columns as each one lands. */}
        <table className="w-full min-w-[32rem] table-fixed text-left">
          <caption className="sr-only">What this package tests, with each drinking-water limit</caption>
          <colgroup>
            <col className="w-[30%]" />
            <col className="w-[44%]" />
            <col className="w-[26%]" />
          </colgroup>
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
          <ParameterRows
            parameters={parameters}
            cells={(parameter) => (
              <>
                <td className="px-4 py-2 text-slate-700">{parameter.limit}</td>
                <td className="px-4 py-2 text-slate-700">{parameter.standard}</td>
              </>
            )}
          />
        </table>
      </TableScroller>
    </TooltipGroup>
  );
}
