// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { PROFILE_PHOTO_ACCEPT } from "./accept";
import { FileInput } from "./FileInput";

beforeEach(() => {
  let counter = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++counter}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("FileInput", () => {
  it("is a labelled file input that previews a chosen image", async () => {
    const user = userEvent.setup();
    const onFileChange = vi.fn();
    const { container } = render(
      <FileInput label="Profile photo" accept={PROFILE_PHOTO_ACCEPT} onFileChange={onFileChange} />,
    );
    const input = screen.getByLabelText("Profile photo") as HTMLInputElement;
    const photo = new File(["x".repeat(2048)], "anita.png", { type: "image/png" });
    await user.upload(input, photo);
    expect(onFileChange).toHaveBeenCalledWith(photo);
    expect(screen.getByText("anita.png")).toBeTruthy();
    expect(screen.getByText("2 KB")).toBeTruthy();
    expect(container.querySelector("img")?.getAttribute("src")).toBe("blob:preview-1");
  });

  it("refuses a file of another type with a message", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onFileChange = vi.fn();
    render(<FileInput label="Profile photo" accept={PROFILE_PHOTO_ACCEPT} onFileChange={onFileChange} />);
    const input = screen.getByLabelText("Profile photo");
    await user.upload(input, new File(["%PDF"], "cv.pdf", { type: "application/pdf" }));
    expect(onFileChange).toHaveBeenLastCalledWith(null);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("This type of file is not allowed")).toBeTruthy();
  });

  it("removes the file, releasing the preview, and returns focus to the input", async () => {
    const user = userEvent.setup();
    render(<FileInput label="Photo" accept="image/*" />);
    const input = screen.getByLabelText("Photo");
    await user.upload(input, new File(["x"], "a.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Remove a.png" }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
    expect(screen.queryByText("a.png")).toBeNull();
    expect(document.activeElement).toBe(input);
  });
});
