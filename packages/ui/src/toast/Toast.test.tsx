// @vitest-environment happy-dom
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { type ToastOptions, ToastProvider, useToast } from "./Toast";

function Trigger({ options }: { options: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      Notify
    </button>
  );
}

describe("Toast", () => {
  it("shows a titled notice in a notifications region", async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger options={{ title: "Export started", description: "You will get the file by e-mail." }} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Notify" }));
    expect(await screen.findByText("Export started")).toBeTruthy();
    expect(screen.getByText("You will get the file by e-mail.")).toBeTruthy();
    expect(screen.getByRole("region", { name: /Notifications/ })).toBeTruthy();
  });

  it("can be dismissed", async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger options={{ title: "Saved" }} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "Notify" }));
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByText("Saved")).toBeNull());
  });

  it("closes by itself after its duration", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <ToastProvider>
        <Trigger options={{ title: "Quick", duration: 1_000 }} />
      </ToastProvider>,
    );
    act(() => screen.getByRole("button", { name: "Notify" }).click());
    expect(screen.getByText("Quick")).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1_500);
    });
    await waitFor(() => expect(screen.queryByText("Quick")).toBeNull());
    vi.useRealTimers();
  });
});
