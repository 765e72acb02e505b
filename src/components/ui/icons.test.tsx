import { render } from "@testing-library/react";
import * as lucide from "lucide";
import React from "react";
import { iconFrom } from "./icons";

const Phone = iconFrom(lucide.Phone);

describe("icons", () => {
  it("draws Lucide's shapes inside a decorative 24px stroke SVG", () => {
    const { container } = render(<Phone className="size-5" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("class")).toBe("size-5");
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect(svg.getAttribute("viewBox")).toBe("0 0 24 24");
    expect(svg.getAttribute("stroke")).toBe("currentColor");
    const paths = [...svg.querySelectorAll("path")].map((path) => path.getAttribute("d"));
    expect(paths).toEqual(lucide.Phone.map(([, attributes]) => attributes.d));
    expect(paths.length).toBeGreaterThan(0);
  });

  it("keeps an attribute value whole when it holds markup characters", () => {
    const Odd = iconFrom([["path", { d: 'M0 0"/><script>x</script>', id: "a&b" }]]);
    const { container } = render(<Odd />);
    const shapes = container.querySelector("svg")!.children;
    expect(shapes).toHaveLength(1);
    expect(shapes[0]!.getAttribute("d")).toBe('M0 0"/><script>x</script>');
    expect(shapes[0]!.getAttribute("id")).toBe("a&b");
  });
});
