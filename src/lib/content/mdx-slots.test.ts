import { slotsIn, splitAtSlots } from "./mdx-slots";

const marker = '<div data-mdx-slot="PackageComparison"></div>';

test("copy without slots is one piece of HTML", () => {
  expect(splitAtSlots("<p>Radon is a gas.</p>")).toEqual([{ html: "<p>Radon is a gas.</p>" }]);
  expect(slotsIn("<p>Radon is a gas.</p>")).toEqual([]);
});

test("a slot cuts the copy where the writer placed it", () => {
  const html = `<h2>Compare</h2>${marker}<p>Each package has its own page.</p>`;
  expect(splitAtSlots(html)).toEqual([
    { html: "<h2>Compare</h2>" },
    { slot: "PackageComparison" },
    { html: "<p>Each package has its own page.</p>" },
  ]);
  expect(slotsIn(html)).toEqual(["PackageComparison"]);
});

test("a slot at the very start or end leaves no empty piece", () => {
  expect(splitAtSlots(`${marker}<p>After.</p>${marker}`)).toEqual([
    { slot: "PackageComparison" },
    { html: "<p>After.</p>" },
    { slot: "PackageComparison" },
  ]);
});

test("text that merely mentions a slot is left as copy", () => {
  const html = "<p><code>&lt;PackageComparison /&gt;</code> places the table.</p>";
  expect(splitAtSlots(html)).toEqual([{ html }]);
});
