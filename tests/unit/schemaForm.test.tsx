import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { z as zm } from "zod/mini";
import { circularBody, emergencyBody } from "../../schemas/admin";
import { airtimeControlEdit, dataPlanEdit } from "../../schemas/catalogueEditors";
import { dataPlanCreate } from "../../schemas/catalogueStaff";
import { ApiFailure } from "../../src/api/client";
import { SchemaForm } from "../../src/forms/SchemaForm";

// Datetimes are shown in the browser's time zone; Lagos (UTC+1, no summer time) keeps the sums plain.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Africa/Lagos";
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});
afterEach(cleanup);

/** One field of every kind SchemaForm draws. */
const everyKind = z.strictObject({
  name: z.string().trim().min(2).meta({ title: "Name", description: "Shown to customers" }),
  notes: z.string().max(200).meta({ title: "Notes", widget: "textarea" }),
  count: z.number().int().min(1).meta({ title: "Count" }),
  ratio: z.number().meta({ title: "Ratio" }),
  price: z.number().int().min(0).meta({ title: "Price", widget: "money" }),
  fee: z.number().min(0).max(100).meta({ title: "Fee", widget: "percent" }),
  active: z.boolean().meta({ title: "Active" }),
  colour: z.enum(["deep_green", "gold"]),
  birthday: z.iso.date().meta({ title: "Birthday" }),
  starts_at: z.iso.datetime({ offset: true }).meta({ title: "Starts", widget: "datetime" }),
  nickname: z.string().optional(),
  rounds: z.number().int().default(3).meta({ description: "How many rounds" }),
});

const plan = {
  code: "mtn-1gb-1d",
  name: "1GB Daily (1 day)",
  size: "1GB",
  validity: "1 day",
  category: "daily",
  plan_type: "direct",
  price: 150_000,
  enabled: true,
} as const;

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

const save = (user: User, name = "Save") => user.click(screen.getByRole("button", { name }));

/** The error shown under a field: the alert its input is described by. */
const errorUnder = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute("role") === "alert");
};

describe("SchemaForm draws each kind of field", () => {
  it("from a schema holding every kind", () => {
    render(<SchemaForm schema={everyKind} onSubmit={vi.fn()} />);

    const name = screen.getByRole("textbox", { name: "Name" });
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription("Shown to customers");
    expect(screen.getByRole("textbox", { name: "Notes" }).tagName).toBe("TEXTAREA");
    expect(screen.getByRole("spinbutton", { name: "Count" })).toHaveAttribute("step", "1");
    expect(screen.getByRole("spinbutton", { name: "Ratio" })).toHaveAttribute("step", "any");

    const price = screen.getByRole("textbox", { name: "Price" });
    expect(price).toHaveAttribute("inputmode", "decimal");
    expect(price.parentElement).toHaveTextContent("₦");
    expect(price).toHaveAccessibleDescription("₦");
    const fee = screen.getByRole("spinbutton", { name: "Fee" });
    expect(fee).toHaveAttribute("step", "0.01");
    expect(fee.parentElement).toHaveTextContent("%");

    expect(screen.getByRole("switch", { name: "Active" })).not.toBeChecked();
    const colour = screen.getByRole("combobox", { name: "Colour" });
    expect(
      within(colour)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "Deep green", "Gold"]);
    expect(screen.getByLabelText("Birthday")).toHaveAttribute("type", "date");
    expect(screen.getByLabelText("Starts")).toHaveAttribute("type", "datetime-local");
    // The browser draws the picker in its own locale; the line under it says the day as the app does.
    fireEvent.change(screen.getByLabelText("Birthday"), { target: { value: "1990-05-04" } });
    expect(screen.getByLabelText("Birthday")).toHaveAccessibleDescription("Chosen: May 4, 1990.");

    const nickname = screen.getByRole("textbox", { name: "Nickname" });
    expect(nickname).not.toBeRequired();
    expect(nickname.closest(".field")).toHaveTextContent("Optional");
    // The description became the label, so it is not said again as help; the default fills it.
    const rounds = screen.getByRole("spinbutton", { name: "How many rounds" });
    expect(rounds).toHaveValue(3);
    expect(rounds).not.toHaveAccessibleDescription();
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("from the data plan editor, showing kobo as naira", () => {
    render(<SchemaForm schema={dataPlanEdit} values={plan} onSubmit={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("1GB Daily (1 day)");
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      "As customers see it, e.g. 1GB Daily (1 day)",
    );
    expect(screen.getByRole("textbox", { name: "Data size" })).toHaveValue("1GB");
    expect(screen.getByRole("textbox", { name: "Validity" })).toHaveValue("1 day");
    expect(screen.getByRole("combobox", { name: "Kind of plan" })).toHaveDisplayValue("Daily");
    const price = screen.getByRole("textbox", { name: "Price" });
    expect(price).toHaveValue("1,500.00");
    expect(price).toHaveAccessibleDescription("₦ What the customer pays");
    expect(screen.getByRole("combobox", { name: "Plan type" })).toHaveAccessibleDescription(
      "How the network delivers it; customers see it beside the size",
    );
    const onSale = screen.getByRole("switch", { name: "On sale" });
    expect(onSale).toBeChecked();
    expect(onSale).toHaveAccessibleDescription("Customers can buy this plan");
  });

  it("from the airtime control editor, with percentages and no kobo wording", () => {
    render(
      <SchemaForm
        schema={airtimeControlEdit}
        values={{ discount_percent: 2.5, min_amount: 5_000 }}
        onSubmit={vi.fn()}
      />,
    );
    const discount = screen.getByRole("spinbutton", { name: "Customer discount" });
    expect(discount).toHaveValue(2.5);
    expect(discount).toHaveAccessibleDescription(
      "% Taken off the airtime's value for the customer; keep it below every provider's commission",
    );
    const smallest = screen.getByRole("textbox", { name: "Smallest purchase" });
    expect(smallest).toHaveValue("50.00");
    // "Amount in kobo" documents the API; the person types naira, so it is not shown.
    expect(smallest).toHaveAccessibleDescription("₦");
    expect(screen.queryByText("Amount in kobo")).not.toBeInTheDocument();
  });

  it("from the circular and emergency bodies, with textareas, datetimes and a switch", () => {
    const { unmount } = render(
      <SchemaForm
        schema={circularBody}
        values={{ starts_at: "2025-03-01T09:00:00.000Z" }}
        onSubmit={vi.fn()}
        submitLabel="Publish"
      />,
    );
    expect(screen.getByRole("textbox", { name: "Title" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Message" }).tagName).toBe("TEXTAREA");
    // 09:00 UTC is 10:00 in Lagos, the time the person sees.
    expect(screen.getByLabelText("Shows from")).toHaveValue("2025-03-01T10:00");
    expect(screen.getByLabelText("Shows until")).toHaveAttribute("type", "datetime-local");
    expect(screen.getByRole("button", { name: "Publish" })).toBeInTheDocument();
    unmount();

    render(<SchemaForm schema={emergencyBody} onSubmit={vi.fn()} />);
    expect(screen.getByRole("switch", { name: "Emergency mode" })).not.toBeChecked();
    const message = screen.getByRole("textbox", { name: "Message to customers" });
    expect(message.tagName).toBe("TEXTAREA");
    expect(message).not.toBeRequired();
  });

  it("starts a new plan's switch from the schema's default", () => {
    render(<SchemaForm schema={dataPlanCreate} onSubmit={vi.fn()} />);
    expect(screen.getByRole("switch", { name: "On sale" })).toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Network" })).toHaveAccessibleDescription(
      "1=MTN, 2=GLO, 3=9Mobile, 4=Airtel",
    );
  });
});

describe("SchemaForm validates with the schema", () => {
  it("shows the plan editor's messages under the fields and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schema={dataPlanEdit} values={plan} onSubmit={onSubmit} />);
    await fill(user, { "Data size": "1 gig", Price: "0.50" });
    await save(user);

    expect(await screen.findByText("Write the size like 500MB or 1.5GB.")).toBeInTheDocument();
    expect(errorUnder("Data size")).toHaveTextContent("Write the size like 500MB or 1.5GB.");
    expect(errorUnder("Price")).toHaveTextContent("The price must be at least ₦1.");
    expect(screen.getByRole("textbox", { name: "Price" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("textbox", { name: "Name" })).not.toHaveAttribute("aria-invalid");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says which required fields are missing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schema={dataPlanEdit} onSubmit={onSubmit} />);
    await save(user);
    expect(await screen.findByText("Price is required.")).toBeInTheDocument();
    expect(errorUnder("Kind of plan")).toHaveTextContent(
      "Kind of plan must be one of: daily, weekly, monthly.",
    );
    expect(errorUnder("Name")).toHaveTextContent("Name must be at least 2 characters.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a refinement on the object under the field it names", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schema={circularBody} onSubmit={onSubmit} />);
    await fill(user, {
      Title: "Eid holiday",
      Message: "Offices close on Monday.",
      "Shows from": "2025-03-02T10:00",
      "Shows until": "2025-03-01T10:00",
    });
    await save(user);
    expect(await screen.findByText("A circular must end after it starts.")).toBeInTheDocument();
    expect(errorUnder("Shows until")).toHaveTextContent("A circular must end after it starts.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a rule about the whole body, or a field it does not draw, above the button", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const patch = z
      .strictObject({ name: z.string().optional(), price: z.number().int().meta({ widget: "money" }) })
      .refine((body) => body.name !== "Free", { error: "Free plans are not allowed." });
    render(<SchemaForm schema={patch} fields={["name"]} onSubmit={onSubmit} />);
    await fill(user, { Name: "Free" });
    await save(user);
    expect(await screen.findByText("Price is required.")).toHaveAttribute("role", "alert");
    cleanup();
    render(<SchemaForm schema={patch} values={{ price: 100 }} fields={["name"]} onSubmit={onSubmit} />);
    await fill(user, { Name: "Free" });
    await save(user);
    expect(await screen.findByText("Free plans are not allowed.")).toHaveAttribute("role", "alert");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("applies the emergency body's rule that mode on needs a message", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schema={emergencyBody} onSubmit={onSubmit} />);
    await user.click(screen.getByRole("switch", { name: "Emergency mode" }));
    await save(user);
    expect(errorUnder("Message to customers")).toHaveTextContent(
      "Tell customers why sales are paused (at least 5 characters).",
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("SchemaForm submits the parsed values", () => {
  it("turns every kind of input into the API's values", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schema={everyKind} onSubmit={onSubmit} />);
    await fill(user, {
      Name: "  Ada  ",
      Notes: "First line",
      Count: "4",
      Ratio: "0.75",
      Price: "1,500",
      Fee: "2.5",
      Birthday: "1990-05-17",
      Starts: "2025-03-01T10:00",
    });
    await user.click(screen.getByRole("switch", { name: "Active" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Colour" }), "Gold");
    await save(user);

    const sent = {
      name: "Ada",
      notes: "First line",
      count: 4,
      ratio: 0.75,
      price: 150_000,
      fee: 2.5,
      active: true,
      colour: "gold",
      birthday: "1990-05-17",
      starts_at: "2025-03-01T09:00:00.000Z",
      rounds: 3,
    };
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toStrictEqual(sent);
    // Honest: what arrives is exactly what the schema itself makes of it.
    expect(everyKind.parse(sent)).toStrictEqual(sent);
    expect(screen.getByRole("switch", { name: "Active" })).toHaveAccessibleName("Active");
  });

  it("sends a plan unchanged, keeps what was typed after saving, and says Saving… meanwhile", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<SchemaForm schema={dataPlanEdit} values={plan} onSubmit={onSubmit} />);
    await fill(user, { Price: "1,600" });
    await user.click(screen.getByRole("switch", { name: "On sale" }));
    await save(user);

    const saving = await screen.findByRole("button", { name: "Saving…" });
    expect(saving).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledWith({ ...plan, price: 160_000, enabled: false });
    finish();
    expect(await screen.findByRole("button", { name: "Save" })).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Price" })).toHaveValue("1,600");
    expect(screen.getByRole("switch", { name: "On sale" })).not.toBeChecked();
  });

  it("can be driven by keyboard alone", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schema={emergencyBody} onSubmit={onSubmit} />);
    await user.tab();
    expect(screen.getByRole("switch", { name: "Emergency mode" })).toHaveFocus();
    await user.keyboard(" ");
    await user.tab();
    await user.keyboard("Network maintenance tonight");
    await user.tab();
    expect(screen.getByRole("button", { name: "Save" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledWith({ enabled: true, message: "Network maintenance tonight" });
  });

  it("draws only the given fields, in their order, and sends the rest as given", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <SchemaForm
        schema={dataPlanEdit}
        values={{ ...plan, id: 7 } as typeof plan}
        fields={["price", "name"]}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getAllByRole("textbox").map((el) => el.getAttribute("name"))).toEqual(["price", "name"]);
    await fill(user, { Price: "2,000" });
    await save(user);
    expect(onSubmit).toHaveBeenCalledWith({ ...plan, price: 200_000 });
  });

  it("shows a record that arrives later, and keeps typing when the page re-renders", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<SchemaForm schema={dataPlanEdit} onSubmit={onSubmit} />);
    expect(screen.getByRole("textbox", { name: "Price" })).toHaveValue("");
    rerender(<SchemaForm schema={dataPlanEdit} values={{ ...plan }} onSubmit={onSubmit} />);
    expect(await screen.findByDisplayValue("1,500.00")).toHaveAccessibleName("Price");
    await fill(user, { Name: "1GB Weekend" });
    rerender(<SchemaForm schema={dataPlanEdit} values={{ ...plan }} onSubmit={onSubmit} />);
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("1GB Weekend");
  });

  it("disables everything when told", () => {
    render(<SchemaForm schema={emergencyBody} onSubmit={vi.fn()} disabled />);
    expect(screen.getByRole("switch", { name: "Emergency mode" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});

describe("SchemaForm shows the server's refusal", () => {
  it("puts field messages under their fields", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiFailure(400, "Too cheap.", { fields: { price: ["Too cheap."] } });
    });
    render(<SchemaForm schema={dataPlanEdit} values={plan} onSubmit={onSubmit} />);
    await save(user);
    expect(await screen.findByText("Too cheap.")).toBeInTheDocument();
    expect(errorUnder("Price")).toHaveTextContent("Too cheap.");
    expect(screen.getByRole("textbox", { name: "Price" })).toHaveAttribute("aria-invalid", "true");
    // The 400's msg repeats the first field message; it is said once, under the field.
    expect(screen.getAllByText("Too cheap.")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("puts a message for the whole form, or the failure's msg, above the button", async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiFailure(400, "Bad", { fields: { _: ["Change at least one field."] } }))
      .mockRejectedValueOnce(new ApiFailure(409, "Someone else changed this plan."));
    render(<SchemaForm schema={dataPlanEdit} values={plan} onSubmit={onSubmit} />);
    await save(user);
    const first = await screen.findByText("Change at least one field.");
    expect(first).toHaveAttribute("role", "alert");
    expect(first.compareDocumentPosition(screen.getByRole("button", { name: "Save" }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await save(user);
    expect(await screen.findByText("Someone else changed this plan.")).toBeInTheDocument();
    expect(screen.queryByText("Change at least one field.")).not.toBeInTheDocument();
  });

  it("says saving failed when the failure is not the server's answer", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    render(<SchemaForm schema={emergencyBody} onSubmit={onSubmit} />);
    await save(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not save. Please try again.");
  });
});

describe("SchemaForm and schemas it was not written for", () => {
  it("shows a visible error in place of a field it cannot draw, and draws the rest", () => {
    const tagged = z.object({ title: z.string().meta({ title: "Title" }), tags: z.array(z.string()) });
    render(<SchemaForm schema={tagged} values={{ title: "Hello" }} onSubmit={vi.fn()} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      'Cannot render field "tags": array is not supported.',
    );
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Hello");
  });

  it("names the type of each field it cannot draw", () => {
    const odd = z.object({
      where: z.object({ lat: z.number() }),
      counts: z.record(z.string(), z.number()),
      either: z.union([z.string(), z.number()]),
      big: z.bigint(),
      size: z.union([z.literal("small"), z.literal("large")]).optional(),
    });
    render(<SchemaForm schema={odd} onSubmit={vi.fn()} />);
    expect(screen.getAllByRole("alert").map((el) => el.textContent)).toEqual([
      'Cannot render field "where": object is not supported.',
      'Cannot render field "counts": record is not supported.',
      'Cannot render field "either": union is not supported.',
      'Cannot render field "big": bigint is not supported.',
    ]);
    // A union of literals is a choice, so it is drawn.
    expect(screen.getByRole("combobox", { name: "Size" })).toHaveDisplayValue("None");
  });

  it("shows a field added to a schema without other changes", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const withNote = zm.extend(airtimeControlEdit, {
      note: z.string().max(40).optional().meta({ title: "Internal note" }),
    });
    const control = {
      enabled: true,
      discount_percent: 2,
      min_amount: 5_000,
      max_amount: 5_000_000,
    };
    render(<SchemaForm schema={withNote} values={control} onSubmit={onSubmit} />);
    await fill(user, { "Internal note": "Raised after MTN's new rates" });
    await save(user);
    expect(onSubmit).toHaveBeenCalledWith({ ...control, note: "Raised after MTN's new rates" });
  });
});
