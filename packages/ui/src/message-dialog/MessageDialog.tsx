import { type ReactNode, useId } from "react";
import { Button } from "../button/Button";
import { Modal } from "../dialog/Modal";
import { Icon, type IconName } from "../icon/Icon";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const Content = styled("div", {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  padding: "$6 $5 $5",
  gap: "$3",
});

const Badge = styled("span", {
  display: "grid",
  placeItems: "center",
  width: "64px",
  height: "64px",
  borderRadius: "$round",
  variants: {
    kind: {
      success: { backgroundColor: "$successLight", color: "$successText" },
      error: { backgroundColor: "$dangerLight", color: "$dangerText" },
      warning: { backgroundColor: "$warningLight", color: "$warningText" },
      confirm: { backgroundColor: "$infoLight", color: "$infoText" },
    },
  },
});

/**
 * The message dialogs: 'Success!', 'Error!', the warning shown when a list could not
 * be loaded, and the Yes/Cancel confirmation (one look each, in the badge's variants).
 */
export type MessageKind = VariantValue<typeof Badge, "kind">;

export const DEFAULT_TITLES: Record<MessageKind, string> = {
  success: "Success!",
  error: "Error!",
  warning: "Warning",
  confirm: "Are you sure?",
};
export const DEFAULT_ERROR_TEXT = "Something went wrong. Please try again.";

const Title = styled("h2", { margin: 0, fontSize: "$xxl", fontWeight: "$semibold" });
const Text = styled("p", { margin: 0, color: "$gray700", overflowWrap: "anywhere" });
const Buttons = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: "$2",
  marginTop: "$3",
});

const icons: Record<MessageKind, IconName> = {
  success: "success",
  error: "error",
  warning: "warning",
  confirm: "help",
};

export interface MessageDialogProps {
  kind: MessageKind;
  open: boolean;
  /** Called with false when the dialog is dismissed or answered. */
  onOpenChange: (open: boolean) => void;
  /** Defaults: 'Success!', 'Error!', 'Warning', 'Are you sure?'. */
  title?: string;
  /** The message; an error without one says 'Something went wrong. Please try again.'. */
  text?: ReactNode;
  /** Confirmation only: called when the user answers Yes. */
  onConfirm?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  okLabel?: string;
  /** Confirmation only: a destructive action gets a red Yes button. */
  destructive?: boolean;
}

/**
 * An alert dialog: it must be answered (no click-away), focus starts on the safe button
 * (OK, or Cancel in a confirmation) and returns to where it was.
 */
export function MessageDialog({
  kind,
  open,
  onOpenChange,
  title,
  text,
  onConfirm,
  confirmLabel = "Yes",
  cancelLabel = "Cancel",
  okLabel = "OK",
  destructive = false,
}: MessageDialogProps) {
  const body = text ?? (kind === "error" ? DEFAULT_ERROR_TEXT : undefined);
  const titleId = useId();
  const textId = useId();
  const dismiss = () => onOpenChange(false);
  if (!open) return null;
  return (
    <Modal
      role="alertdialog"
      size="sm"
      onDismiss={dismiss}
      labelledBy={titleId}
      describedBy={body ? textId : undefined}
    >
      <Content data-kind={kind}>
        <Badge kind={kind} aria-hidden>
          <Icon name={icons[kind]} size={34} strokeWidth={1.6} />
        </Badge>
        <Title id={titleId}>{title ?? DEFAULT_TITLES[kind]}</Title>
        {body ? <Text id={textId}>{body}</Text> : null}
        <Buttons>
          {kind === "confirm" ? (
            <>
              <Button
                variant={destructive ? "danger" : "primary"}
                onClick={() => {
                  onConfirm?.();
                  dismiss();
                }}
              >
                {confirmLabel}
              </Button>
              <Button variant="secondary" data-autofocus="" onClick={dismiss}>
                {cancelLabel}
              </Button>
            </>
          ) : (
            <Button
              variant={kind === "success" ? "primary" : "secondary"}
              style={{ minWidth: 96 }}
              data-autofocus=""
              onClick={dismiss}
            >
              {okLabel}
            </Button>
          )}
        </Buttons>
      </Content>
    </Modal>
  );
}
