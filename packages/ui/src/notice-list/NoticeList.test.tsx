// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { NoticeItem, NoticeList, NoticeTitleButton } from "./NoticeList";

describe("NoticeList", () => {
  it("is a named list whose unread items say so in words", () => {
    render(
      <NoticeList label="Notifications">
        <NoticeItem unread title={<NoticeTitleButton unread>Admit cards</NoticeTitleButton>} meta="Today" />
        <NoticeItem title={<NoticeTitleButton>Welcome</NoticeTitleButton>} />
      </NoticeList>,
    );
    const items = within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("Unread");
    expect(items[1]?.textContent).not.toContain("Unread");
  });

  it("opens a notice from its title by keyboard", async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    render(
      <NoticeList label="Notices">
        <NoticeItem title={<NoticeTitleButton onClick={open}>Results</NoticeTitleButton>} />
      </NoticeList>,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Results" }));
    await user.keyboard("{Enter}");
    expect(open).toHaveBeenCalledOnce();
  });
});
