import {
  cloneElement,
  createContext,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useId,
} from "react";
import { IconButton } from "../icon-button/IconButton";
import { useControllableState } from "../internal/useControllableState";
import { styled } from "../theme/stitches";
import { Modal, type ModalProps } from "./Modal";

const Header = styled("div", {
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: "$3",
  padding: "$5 $5 $4",
  borderBottom: "1px solid $border",
});
const Title = styled("h2", { margin: 0, fontSize: "$xl", fontWeight: "$semibold", lineHeight: "$tight" });
const Description = styled("p", { margin: "$1 0 0", fontSize: "$md", color: "$textMuted" });
const Body = styled("div", { padding: "$5", overflowY: "auto" });
const Footer = styled("div", {
  display: "flex",
  justifyContent: "flex-end",
  flexWrap: "wrap",
  gap: "$2",
  padding: "$4 $5",
  borderTop: "1px solid $border",
});

const CloseContext = createContext<() => void>(() => {});

interface Clickable {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  "aria-haspopup"?: "dialog";
}

export interface DialogProps {
  title: string;
  /** One sentence under the title; read when the dialog opens. */
  description?: string;
  children?: ReactNode;
  /** Buttons at the bottom; wrap a button in <DialogClose> to close with it. */
  footer?: ReactNode;
  /** An element that opens the dialog (a button); or control it with open/onOpenChange. */
  trigger?: ReactElement<Clickable>;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  size?: ModalProps["size"];
  closeLabel?: string;
}

/**
 * A modal dialog: focus moves in (to the first field, else the first control), the page behind is
 * inert, Escape, the close button or a click on the backdrop close it, and focus returns to what
 * opened it.
 */
export function Dialog({
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen = false,
  onOpenChange,
  size = "md",
  closeLabel = "Close",
}: DialogProps) {
  const [isOpen, setOpen] = useControllableState(open, defaultOpen, onOpenChange);
  const titleId = useId();
  const descriptionId = useId();
  const close = useCallback(() => setOpen(false), [setOpen]);
  return (
    <>
      {trigger
        ? cloneElement(trigger, {
            "aria-haspopup": "dialog",
            onClick: (event: MouseEvent<HTMLElement>) => {
              trigger.props.onClick?.(event);
              setOpen(true);
            },
          })
        : null}
      {isOpen ? (
        <CloseContext.Provider value={close}>
          <Modal
            onDismiss={close}
            labelledBy={titleId}
            describedBy={description ? descriptionId : undefined}
            size={size}
            closeOnBackdrop
          >
            <Header>
              <div>
                <Title id={titleId}>{title}</Title>
                {description ? <Description id={descriptionId}>{description}</Description> : null}
              </div>
              <IconButton icon="close" label={closeLabel} size="sm" onClick={close} />
            </Header>
            {children ? <Body data-dialog-body="">{children}</Body> : null}
            {footer ? <Footer>{footer}</Footer> : null}
          </Modal>
        </CloseContext.Provider>
      ) : null}
    </>
  );
}

/** Closes the surrounding dialog when its child (a button) is clicked. */
export function DialogClose({ children }: { children: ReactElement<Clickable> }) {
  const close = useContext(CloseContext);
  return cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      close();
    },
  });
}
