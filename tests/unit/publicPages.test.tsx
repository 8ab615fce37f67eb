import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import InfoPage from "../../src/pages/public/InfoPage";
import { infoContent } from "../../src/pages/public/infoContent";
import { type InfoPath, infoPaths } from "../../src/pages/public/infoPaths";
import LandingPage from "../../src/pages/public/LandingPage";
import NotFoundPage from "../../src/pages/public/NotFoundPage";

const unbuilt: InfoPath[] = [
  "/sch-pay",
  "/unilorin-shuttle",
  "/dollar-card",
  "/foreign-account",
  "/digital-banking",
];
const products = ["/airtime-VTU", "/data-subscription", "/cable-subscription", "/bill-payment"];

function renderAt(ui: ReactNode, path = "/") {
  return render(<Router hook={memoryLocation({ path }).hook}>{ui}</Router>);
}

const main = () => within(screen.getByRole("main"));
const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute("href"));

afterEach(cleanup);

describe("info pages", () => {
  it.each(infoPaths)("%s has one h1 with its title, a section and a document title", (path) => {
    renderAt(<InfoPage path={path} />, path);
    const { title, questions } = infoContent[path];

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    const sections = questions
      ? screen.getByRole("main").querySelectorAll("details")
      : main().getAllByRole("heading", { level: 2 });
    expect(sections.length).toBeGreaterThanOrEqual(1);
    expect(document.title).toBe(`${title} · OjaPay`);
  });

  it("marks exactly the five unbuilt offerings as not built", () => {
    expect(infoPaths.filter((path) => !infoContent[path].built).sort()).toEqual([...unbuilt].sort());
  });

  it.each(infoPaths)("%s says Coming soon only when it is not built", (path) => {
    renderAt(<InfoPage path={path} />, path);
    const isUnbuilt = unbuilt.includes(path);
    const page = main();

    expect(page.queryAllByText("Coming soon")).toHaveLength(isUnbuilt ? 1 : 0);
    expect(page.queryAllByText("This service is not available yet.")).toHaveLength(isUnbuilt ? 1 : 0);
    if (isUnbuilt) {
      expect(hrefs(page.getAllByRole("link"))).toEqual(expect.arrayContaining(products));
    }
  });

  it("shows at least eight FAQs as questions that open", () => {
    renderAt(<InfoPage path="/faqs" />, "/faqs");
    const questions = screen.getByRole("main").querySelectorAll("details");

    expect(questions.length).toBeGreaterThanOrEqual(8);
    for (const question of questions) {
      expect(question.querySelector("summary")?.textContent).toMatch(/\?$/);
      expect(question.querySelector("p")?.textContent).not.toBe("");
    }
  });

  it("gives support's email address as a mailto link and warns never to share the PIN", () => {
    renderAt(<InfoPage path="/contact-support" />, "/contact-support");

    expect(main().getByRole("link", { name: "Email support@ojapay.ng" })).toHaveAttribute(
      "href",
      "mailto:support@ojapay.ng",
    );
    expect(
      main().getByText(/OjaPay staff will never ask for your PIN, password or code/),
    ).toBeInTheDocument();
  });
});

describe("landing page", () => {
  it("has one h1 and calls to register and sign in", () => {
    renderAt(<LandingPage />);

    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(main().getByRole("link", { name: "Create free account" })).toHaveAttribute(
      "href",
      "/auth/register",
    );
    expect(main().getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login");
  });

  it("links each product card and the FAQs", () => {
    renderAt(<LandingPage />);
    const links = hrefs(main().getAllByRole("link"));

    expect(links).toEqual(expect.arrayContaining([...products, "/faqs"]));
  });
});

describe("public layout", () => {
  it("toggles the phone menu and says so through aria-expanded", () => {
    renderAt(<LandingPage />);
    const toggle = screen.getByRole("button", { name: "Menu" });
    const controlled = toggle.getAttribute("aria-controls");

    expect(controlled && document.getElementById(controlled)).toBe(
      screen.getByRole("navigation", { name: "Main" }),
    );
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle);
    fireEvent.keyDown(toggle, { key: "Escape" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("links sign-in and registration from the header", () => {
    renderAt(<LandingPage />);
    const nav = within(screen.getByRole("navigation", { name: "Main" }));

    expect(nav.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login");
    expect(nav.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/auth/register");
    expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  it("offers a skip link to the main content", () => {
    renderAt(<LandingPage />);

    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
  });

  it("links every information page, and the API reference, from the footer", () => {
    renderAt(<LandingPage />);
    const footer = within(screen.getByRole("contentinfo"));

    expect(hrefs(footer.getAllByRole("link")).sort()).toEqual([...infoPaths, "/developers"].sort());
    expect(footer.getByText("© 2026 OjaPay")).toBeInTheDocument();
  });
});

describe("not-found page", () => {
  it("says the page was not found and links home and to the FAQs", () => {
    renderAt(<NotFoundPage />, "/no-such-page");

    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(hrefs(main().getAllByRole("link"))).toEqual(["/", "/faqs"]);
    expect(document.title).toBe("Page not found · OjaPay");
  });
});
