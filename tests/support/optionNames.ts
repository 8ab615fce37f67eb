import { within } from "@testing-library/react";

/** The text of each option a select offers, in order. */
export const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => o.textContent);
