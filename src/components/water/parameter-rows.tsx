import React from "react";
import { ParameterName } from "./parameter-name";

interface Parameter {
  parameterId: string;
  name: string;
  explanation: string;
}

/**
 * The body of a table of water parameters: a row each, headed by the parameter's name with its
 * explanation in a tooltip. `underName` adds to that heading cell; `cells` gives the row's others.
 */
export function ParameterRows<P extends Parameter>({
  parameters,
  underName,
  cells,
}: {
  parameters: readonly P[];
  underName?: (parameter: P) => React.ReactNode;
  cells: (parameter: P) => React.ReactNode;
}) {
  return (
    <tbody className="divide-y divide-slate-200">
      {parameters.map((parameter) => (
        <tr key={parameter.parameterId}>
          <th scope="row" className="px-4 py-2 font-medium text-slate-900">
            <ParameterName name={parameter.name} explanation={parameter.explanation} />
            {/* A space, so the cell's text (its name as a header, its words to search) reads as words. */}{" "}
            {underName?.(parameter)}
          </th>
          {cells(parameter)}
        </tr>
      ))}
    </tbody>
  );
}
