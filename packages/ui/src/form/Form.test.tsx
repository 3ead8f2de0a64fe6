// @vitest-environment happy-dom
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import "../../test/dom";
import { changePasswordSchema, profileSchema } from "./demo-schemas";
import {
  Form,
  FormCheckbox,
  FormMultiSelect,
  FormPasswordField,
  FormSelect,
  FormSubmit,
  FormTextField,
  useZodForm,
} from "./Form";

function ChangePassword({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { old_password: "", new_password: "", confirm_password: "" },
  });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Change password">
      <FormPasswordField name="old_password" label="Current password" />
      <FormPasswordField name="new_password" label="New password" autoComplete="new-password" />
      <FormPasswordField name="confirm_password" label="Confirm password" autoComplete="new-password" />
      <FormSubmit>Change password</FormSubmit>
    </Form>
  );
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent).join(" ");
};

describe("Form with zod", () => {
  it("shows no errors before a field is touched and keeps submit disabled while invalid", async () => {
    render(<ChangePassword onSubmit={() => {}} />);
    const submit = screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(screen.queryByText("Password is required")).toBeNull();
  });

  it("shows a field's error once it is touched or changed", async () => {
    const user = userEvent.setup();
    render(<ChangePassword onSubmit={() => {}} />);
    await user.click(screen.getByLabelText("Current password"));
    await user.tab();
    await waitFor(() => expect(errorOf("Current password")).toBe("Password is required"));
    await user.type(screen.getByLabelText("New password"), "short");
    await waitFor(() => expect(errorOf("New password")).toBe("Password should have at least 8 symbols"));
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "longenough");
    await waitFor(() =>
      expect(errorOf("New password")).toBe(
        "Password should have at least one uppercase, one lowercase, one special character, one number",
      ),
    );
    expect(screen.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
  });

  it("checks the confirmation and the reuse of the old password", async () => {
    const user = userEvent.setup();
    render(<ChangePassword onSubmit={() => {}} />);
    await user.type(screen.getByLabelText("Current password"), "Old@12345");
    await user.type(screen.getByLabelText("New password"), "Old@12345");
    await user.type(screen.getByLabelText("Confirm password"), "Other@123");
    await waitFor(() => expect(errorOf("Confirm password")).toBe("Password do not match"));
    await waitFor(() => expect(errorOf("New password")).toBe("Current password cannot be used as new password."));
  });

  it("enables submit when valid and submits the parsed values", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ChangePassword onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Current password"), "Old@12345");
    await user.type(screen.getByLabelText("New password"), "New@12345");
    await user.type(screen.getByLabelText("Confirm password"), "New@12345");
    const submit = screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      old_password: "Old@12345",
      new_password: "New@12345",
      confirm_password: "New@12345",
    });
  });
});

function Profile({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = useZodForm(profileSchema, { defaultValues: { full_name: "", designation: "", team: "", states: [] } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormTextField name="full_name" label="Full name" />
      <FormTextField name="designation" label="Designation" />
      <FormSelect name="team" label="Team" placeholder="Select" options={[{ value: "exam", label: "Exam cell" }]} />
      <FormMultiSelect name="states" label="States" options={[{ value: "27", label: "Maharashtra" }]} />
      <FormCheckbox name="agree" label="The details are correct" />
      <FormSubmit>Save</FormSubmit>
    </Form>
  );
}

describe("other bound fields", () => {
  it("binds text, select, multi-select and checkbox", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Profile onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Full name"), "Anita");
    await user.selectOptions(screen.getByRole("combobox", { name: "Team" }), "exam");
    await user.click(screen.getByRole("button", { name: /States/ }));
    await user.click(screen.getByRole("option", { name: "Maharashtra" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("checkbox", { name: "The details are correct" }));
    const submit = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      full_name: "Anita",
      designation: "",
      team: "exam",
      states: ["27"],
      agree: true,
    });
  });
});

const namedSchema = z.object({
  full_name: z.string().min(1, "Enter the name"),
  designation: z.string(),
  team: z.string().min(1, "Choose the team"),
});

function Named({
  onSubmit,
  errors,
}: {
  onSubmit: (values: unknown) => void;
  errors?: { field: string; message: string }[];
}) {
  const form = useZodForm(namedSchema, { defaultValues: { full_name: "", designation: "", team: "" } });
  return (
    <Form form={form} onSubmit={onSubmit} errors={errors} aria-label="Profile">
      <FormTextField name="full_name" label="Full name" />
      <FormTextField name="designation" label="Designation" />
      <FormSelect name="team" label="Team" placeholder="Select" options={[{ value: "exam", label: "Exam cell" }]} />
      <FormSubmit>Save</FormSubmit>
    </Form>
  );
}

/**
 * A page whose form comes in a lazily loaded chunk, as the school's Add Students form does: the
 * server rendered it, and the browser hydrates it once `arrive()` delivers the chunk. Without act(),
 * so that React schedules as it does in a browser.
 */
const late = { hydrated: false };

/** The form as its chunk delivers it: notes when React hydrated it. */
function HydratingNamed(props: Parameters<typeof Named>[0]) {
  useEffect(() => {
    late.hydrated = true;
  }, []);
  return <Named {...props} />;
}

function lateForm() {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = global.IS_REACT_ACT_ENVIRONMENT;
  global.IS_REACT_ACT_ENVIRONMENT = false;
  const onSubmit = vi.fn();
  let deliver: ((module: { default: typeof Named }) => void) | undefined;
  late.hydrated = false;
  const LazyNamed = lazy(() => new Promise<{ default: typeof Named }>((resolve) => (deliver = resolve)));
  const page = (form: ReactNode) => <Suspense fallback={<p>Loading</p>}>{form}</Suspense>;
  const container = document.createElement("div");
  document.body.append(container);
  container.innerHTML = renderToString(page(<Named onSubmit={onSubmit} />));
  const root = hydrateRoot(container, page(<LazyNamed onSubmit={onSubmit} />));
  return {
    container,
    onSubmit,
    hydrated: () => late.hydrated,
    /** Until React asked for the chunk. */
    requested: () => waitFor(() => expect(deliver).toBeDefined()),
    arrive: () => deliver?.({ default: HydratingNamed }),
    close: () => {
      root.unmount();
      container.remove();
      global.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    },
  };
}

describe("without JavaScript and before hydration (decision 053)", () => {
  it("is a posting form whose submit button works before hydration, with the server's messages", () => {
    const html = renderToString(<Named onSubmit={() => {}} errors={[{ field: "full_name", message: "Name taken" }]} />);
    const page = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    expect(page.querySelector("form")?.getAttribute("method")).toBe("post");
    expect(page.querySelector('input[name="full_name"]')?.getAttribute("aria-invalid")).toBe("true");
    expect(page.body.textContent).toContain("Name taken");
    expect(page.querySelector("button[type=submit]")?.hasAttribute("disabled")).toBe(false);
  });

  it("keeps what was typed or chosen in the server's fields before hydration", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(<Named onSubmit={() => {}} />);
    (container.querySelector('input[name="full_name"]') as HTMLInputElement).value = "Typed early";
    // A select chosen before hydration: React would put "" back at its next render (issue 35 item 2).
    (container.querySelector('select[name="team"]') as HTMLSelectElement).value = "exam";
    const onSubmit = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Named onSubmit={onSubmit} />));
    try {
      const submit = container.querySelector("button[type=submit]") as HTMLButtonElement;
      await waitFor(() => expect(submit.disabled).toBe(false));
      await act(async () => submit.click());
      await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
      expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ full_name: "Typed early", team: "exam" });
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it("keeps a choice made while the choosing itself hydrates a lazily loaded form", async () => {
    // On a slow phone the form's chunk arrives while the school is choosing: the choice's input
    // event makes React hydrate the form at once, inside the event, and its change event follows.
    // React then rendered the select with its old value ("") and the choice was lost (the CI run
    // of stop 43: "Add student" stayed disabled with the language shown empty).
    const form = lateForm();
    try {
      await form.requested();
      (form.container.querySelector('input[name="full_name"]') as HTMLInputElement).value = "Typed early";
      form.arrive();
      for (let tick = 0; tick < 5; tick++) await Promise.resolve();
      expect(form.hydrated()).toBe(false);
      const team = form.container.querySelector('select[name="team"]') as HTMLSelectElement;
      team.value = "exam";
      team.dispatchEvent(new Event("input", { bubbles: true }));
      // React hydrated the form inside the input event.
      expect(form.hydrated()).toBe(true);
      team.dispatchEvent(new Event("change", { bubbles: true }));
      expect(team.value).toBe("exam");
      // The button is enabled before hydration, then while the check runs briefly not: press it
      // until the form sends.
      const submit = form.container.querySelector("button[type=submit]") as HTMLButtonElement;
      await waitFor(() => {
        if (!submit.disabled) submit.click();
        expect(form.onSubmit).toHaveBeenCalled();
      });
      expect(form.onSubmit.mock.calls[0]?.[0]).toMatchObject({ full_name: "Typed early", team: "exam" });
      expect(team.value).toBe("exam");
    } finally {
      form.close();
    }
  });

  it("is ready to send once a late chunk hydrates fields filled before it", async () => {
    // The submit button read the form's validity only once hydrated; react-hook-form had not kept
    // it up to date until then, and a complete form stayed invalid, its submit disabled.
    const form = lateForm();
    try {
      await form.requested();
      (form.container.querySelector('input[name="full_name"]') as HTMLInputElement).value = "Typed early";
      (form.container.querySelector('select[name="team"]') as HTMLSelectElement).value = "exam";
      form.arrive();
      await waitFor(() => expect(form.hydrated()).toBe(true));
      // The submit button is enabled before hydration: look once the checks have settled.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const submit = form.container.querySelector("button[type=submit]") as HTMLButtonElement;
      expect(submit.disabled).toBe(false);
    } finally {
      form.close();
    }
  });

  it("hides the server's message once the field is changed", async () => {
    const user = userEvent.setup();
    render(<Named onSubmit={() => {}} errors={[{ field: "designation", message: "Too long" }]} />);
    expect(errorOf("Designation")).toBe("Too long");
    await user.type(screen.getByLabelText("Designation"), "Head");
    await waitFor(() => expect(errorOf("Designation")).toBe(""));
  });
});
