import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";
import { MessageDialog, type MessageDialogProps, type MessageKind } from "./MessageDialog";

export {
  DEFAULT_ERROR_TEXT,
  DEFAULT_TITLES,
  MessageDialog,
  type MessageDialogProps,
  type MessageKind,
} from "./MessageDialog";

type Request = Omit<MessageDialogProps, "open" | "onOpenChange" | "onConfirm"> & {
  id: number;
  resolve: (yes: boolean) => void;
};

export interface MessageDialogs {
  /** 'Success!' with a message and OK. */
  success(text: ReactNode, title?: string): Promise<void>;
  /** 'Error!' with the server's message, or 'Something went wrong. Please try again.'. */
  error(text?: ReactNode, title?: string): Promise<void>;
  /** A titled warning, e.g. warning('Questions list not found', 'Questions list API failed, please try again'). */
  warning(title: string, text: ReactNode): Promise<void>;
  /** A Yes/Cancel question; resolves true on Yes. */
  confirm(
    text: ReactNode,
    options?: { title?: string; destructive?: boolean; confirmLabel?: string },
  ): Promise<boolean>;
}

const Context = createContext<MessageDialogs | null>(null);

/** Shows message dialogs one at a time, in the order they were asked for. */
export function MessageDialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Request[]>([]);
  const nextId = useRef(0);
  const current = queue[0];

  const ask = useCallback(
    (kind: MessageKind, props: Omit<Request, "kind" | "resolve" | "id">) =>
      new Promise<boolean>((resolve) =>
        setQueue((items) => [...items, { ...props, kind, resolve, id: nextId.current++ }]),
      ),
    [],
  );
  const api = useMemo<MessageDialogs>(
    () => ({
      success: async (text, title) => void (await ask("success", { text, title })),
      error: async (text, title) => void (await ask("error", { text, title })),
      warning: async (title, text) => void (await ask("warning", { text, title })),
      confirm: (text, options) => ask("confirm", { text, ...options }),
    }),
    [ask],
  );

  // Yes both confirms and closes the dialog: only the first answer to a request counts.
  const answer = (request: Request, yes: boolean) => {
    request.resolve(yes);
    setQueue((items) => items.filter((item) => item.id !== request.id));
  };

  return (
    <Context.Provider value={api}>
      {children}
      {current ? (
        <MessageDialog
          key={current.id}
          {...current}
          open
          onConfirm={() => answer(current, true)}
          onOpenChange={(open) => {
            if (!open) answer(current, false);
          }}
        />
      ) : null}
    </Context.Provider>
  );
}

/** The message dialogs of the surrounding MessageDialogProvider. */
export function useMessageDialog(): MessageDialogs {
  const api = useContext(Context);
  if (!api) throw new Error("useMessageDialog needs a <MessageDialogProvider> around the app");
  return api;
}
