import { expect, test } from "@playwright/test";
import { openPage } from "../support/page";

test("the blog lists every post, newest first, with date and summary", { tag: "@desktop" }, async ({ page }) => {
  await openPage(page, "/blog");
  const dates = await page
    .locator("main li time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
  expect(dates).toHaveLength(6);
  expect([...dates].sort().reverse()).toEqual(dates);
});

test("a post's cover image is reserved space from the start, so nothing shifts", async ({ page }) => {
  // The image files are held back: the space the page keeps for the cover must come from the HTML alone.
  await page.route(/\/static\/.+\.(jpe?g|png|webp|avif)$/, () => undefined);
  await page.goto("/blog/comprehensive-water-quality-testing", { waitUntil: "domcontentloaded" });
  const image = page.locator("main picture img").first();
  expect((await image.getAttribute("alt"))?.length).toBeGreaterThan(10);
  const declared = await image.evaluate((img: HTMLImageElement) => ({
    ratio: Number(img.getAttribute("width")) / Number(img.getAttribute("height")),
    loaded: img.naturalWidth > 0,
  }));
  expect(declared.loaded).toBe(false);
  const box = (await image.boundingBox())!;
  expect(box.height).toBeGreaterThan(100);
  expect(box.width / box.height).toBeCloseTo(declared.ratio, 1);
});

test("a water package's table keeps its columns while its rows arrive, so nothing shifts", async ({ page }) => {
  // On a slow phone the HTML arrives in pieces and the table is laid out with only its first rows.
  // Columns sized from their contents would move as each later row lands.
  await openPage(page, "/services/water-quality/comprehensive");
  const widths = await page
    .getByRole("table", { name: /What this package tests/ })
    .evaluate((table: HTMLTableElement) => {
      const columns = () => [...table.tHead!.rows[0]!.cells].map((cell) => cell.getBoundingClientRect().width);
      const body = table.tBodies[0]!;
      const laterRows = [...body.rows].slice(1);
      const whole = columns();
      laterRows.forEach((row) => row.remove());
      const firstRowOnly = columns();
      laterRows.forEach((row) => body.append(row));
      return { whole, firstRowOnly, rows: laterRows.length + 1 };
    });
  expect(widths.rows).toBeGreaterThan(10);
  expect(widths.firstRowOnly).toEqual(widths.whole);
});

test.describe("the water package comparison", () => {
  test("is a real table with column and row headers", async ({ page }) => {
    await openPage(page, "/services/water-quality");
    const table = page.getByRole("table", { name: /Water testing packages compared/ });
    await expect(table.getByRole("columnheader", { name: /Basic Potability/ })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /Lender FHA \/ VA/ })).toBeVisible();
    expect(await table.getByRole("columnheader").count()).toBeGreaterThanOrEqual(6);
    await expect(table.getByRole("rowheader", { name: /E\. coli/ })).toBeVisible();
    await expect(
      table
        .getByRole("row", { name: /E\. coli/ })
        .getByRole("cell", { name: "Included" })
        .first(),
    ).toBeVisible();
  });

  test(
    "explains a parameter in a tooltip on hover, and closes it when the pointer leaves",
    { tag: "@desktop" },
    async ({ page }) => {
      // Desktops only: hover needs a mouse.
      // The 700 ms open delay and the 300 ms skip window are Radix's timers, checked with a fake
      // clock in src/components/ui/tooltip.test.tsx; here, that a real pointer opens and closes it.
      await openPage(page, "/services/water-quality");
      const tip = page.getByRole("button", { name: "What is Nitrate (as nitrogen)?" }).first();
      await tip.scrollIntoViewIfNeeded();
      await tip.hover();
      await expect(page.getByRole("tooltip")).toContainText(/fertilizer|infants/i);
      // A real pointer leaves in many small moves (Radix lets it cross to the tooltip first).
      await page.mouse.move(0, 0, { steps: 12 });
      await expect(page.getByRole("tooltip")).toHaveCount(0);
    },
  );

  test("a click on a package link half outside the table's frame follows it", async ({ page }) => {
    await openPage(page, "/services/water-quality");
    const table = page.getByRole("table", { name: /Water testing packages compared/ });
    // The header row, with the package links, in the middle of the screen; the frame at its start.
    await table.locator("thead").evaluate((row) => row.scrollIntoView({ block: "center", inline: "start" }));
    // A link the frame's right edge cuts through: the first one reaching past that edge (the
    // table is wider than the frame on phones and desktops alike), with the frame scrolled so that
    // only its first 40 px are inside.
    const cut = await table.evaluate((element) => {
      const scroller = element.parentElement!;
      const frame = scroller.getBoundingClientRect();
      const link = [...element.querySelectorAll("a")].find((a) => a.getBoundingClientRect().right > frame.right);
      if (!link) return null;
      scroller.scrollLeft += link.getBoundingClientRect().left - (frame.right - 40);
      const box = link.getBoundingClientRect();
      if (!(box.left < frame.right - 8 && box.right > frame.right)) return null;
      // A line of the link's text that starts inside the frame (a long name wraps).
      const line = [...link.getClientRects()].find((rect) => rect.width > 0 && rect.left < frame.right - 8)!;
      return { href: link.getAttribute("href")!, x: line.left + 4, y: line.top + line.height / 2 };
    });
    expect(cut, "a link cut by the frame's edge").not.toBeNull();
    // A real press on its visible part: focus must not scroll it away before the click lands.
    await page.mouse.click(cut!.x, cut!.y);
    await expect(page).toHaveURL(new RegExp(`${cut!.href}$`));
  });

  test("keeps the packages' row and the parameters' column in view while the table scrolls both ways", async ({
    page,
  }) => {
    await openPage(page, "/services/water-quality");
    const table = page.getByRole("table", { name: /Water testing packages compared/ });
    const frame = table.locator("xpath=..");
    await frame.scrollIntoViewIfNeeded();
    // To the far corner: the last package's column and the table's last rows.
    await frame.evaluate((element) => element.scrollTo(element.scrollWidth, element.scrollHeight));
    await expect.poll(() => frame.evaluate((element) => element.scrollLeft + element.scrollTop)).toBeGreaterThan(0);
    const edges = await table.evaluate((element) => {
      const box = element.parentElement!.getBoundingClientRect();
      const headers = [...element.querySelectorAll("thead th")];
      const lastPackage = headers.at(-1)!.getBoundingClientRect();
      const lastName = [...element.querySelectorAll("tbody th")].at(-1)!.getBoundingClientRect();
      return {
        scrolled: { left: element.parentElement!.scrollLeft > 0, down: element.parentElement!.scrollTop > 0 },
        packageAtTop: Math.abs(lastPackage.top - box.top) <= 2,
        nameAtLeft: Math.abs(lastName.left - box.left) <= 2,
      };
    });
    // On a phone the table is wider and taller than its frame; on a desktop, at least wider.
    expect(edges.scrolled.left).toBe(true);
    if (test.info().project.name === "phone") expect(edges.scrolled.down).toBe(true);
    expect(edges.nameAtLeft).toBe(true);
    expect(edges.packageAtTop).toBe(true);
  });

  test("opens a tooltip on keyboard focus and closes it with Escape", async ({ page }) => {
    await openPage(page, "/services/water-quality/lender-fha-va");
    const tip = page.getByRole("button", { name: /^What is Lead/ }).first();
    // In view first: focus() scrolls an element out of view into it, and Radix closes a tooltip when
    // anything around its tip scrolls, so a scroll landing after the tooltip opened closed it by chance.
    await tip.scrollIntoViewIfNeeded();
    await tip.focus();
    // Focus first loads the tooltip code, a chunk of its own, which on a busy machine took longer
    // than one expectation's wait. Radix marks its tips once it has.
    await expect(page.locator("[data-tip-id][data-state]").first()).toBeAttached({ timeout: 30_000 });
    await expect(page.getByRole("tooltip")).toBeVisible();
    await expect(tip).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tooltip")).toBeVisible();
  });
});

test("a keyboard user in the comparison table keeps their place while the tooltip code arrives", async ({ page }) => {
  await openPage(page, "/services/water-quality");
  const table = page.getByRole("table").first();
  const firstLink = table.getByRole("link").first();
  const name = (await firstLink.textContent())!.trim();
  await firstLink.focus();
  // Focus inside the table loads the tooltip code, which re-creates the table inside its provider.
  await expect(table.locator("[data-tip-id][data-state]").first()).toBeAttached();
  await expect(table.getByRole("link", { name, exact: true }).first()).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("table") !== null)).toBe(true);
});

test("the FAQ opens and closes with the keyboard", async ({ page }) => {
  await openPage(page, "/faq");
  expect(await page.locator("main details").count()).toBeGreaterThanOrEqual(12);
  const question = page.locator("main summary").first();
  const answer = page.locator("main details").first().locator("p");
  await question.focus();
  await expect(answer).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(answer).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(answer).toBeHidden();
  await page.keyboard.press(" ");
  await expect(answer).toBeVisible();
});
