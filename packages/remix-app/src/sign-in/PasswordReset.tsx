import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { APP_TITLES } from "@repo/auth/apps";
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "@repo/contracts/password-reset-constants";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { PasswordField } from "@repo/ui/password-field";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import type { ReactNode } from "react";
import { APP_ID } from "../app-id";
import type { ForgotState, ResetState } from "./password-reset.server";

/** The frame of the sign-in pages: the mark and one card. */
function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <Centered>
      <Stack gap={6} align="center">
        <img src="/favicon.svg" width={48} height={48} alt="Exam Portal" />
        {children}
        <Button asChild variant="ghost">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </Stack>
    </Centered>
  );
}

function Alert({ children }: { children?: ReactNode }) {
  return children ? (
    <Text role="alert" tone="danger" weight="semibold">
      {children}
    </Text>
  ) : null;
}

/** Which form of the page is being sent, for its busy label (JavaScript on). */
function useBusy(action: string): string | undefined {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formAction !== action) return undefined;
  return String(navigation.formData?.get("intent") ?? "reset");
}

/** `/forgot-password`: ask for a link or a code; then the code; then the new password. */
export function ForgotPasswordScreen() {
  const state = useActionData<ForgotState>() ?? ({ step: "ask", login: "" } satisfies ForgotState);
  const busy = useBusy(FORGOT_PASSWORD_PATH);
  if (state.step === "choose") return <ChooseScreen state={{ ...state }} />;
  if (state.step === "sent") {
    return (
      <SignInFrame>
        <Card title="Check your e-mail">
          <Stack gap={4}>
            <Text role="status">{state.message}</Text>
            <Form method="post" action={FORGOT_PASSWORD_PATH} replace>
              <input type="hidden" name="login" value={state.login} />
              <Button type="submit" name="intent" value="email" variant="light" loading={busy === "email"}>
                Send a new link
              </Button>
            </Form>
          </Stack>
        </Card>
      </SignInFrame>
    );
  }
  if (state.step === "code") {
    return (
      <SignInFrame>
        <Card title="Enter the code we texted">
          <Stack gap={6}>
            <Form method="post" action={FORGOT_PASSWORD_PATH} replace aria-describedby="code-status">
              <Stack gap={4}>
                <div id="code-status" aria-live="polite">
                  {state.error ? <Alert>{state.error}</Alert> : <Text role="status">{state.message}</Text>}
                </div>
                <input type="hidden" name="login" value={state.login} />
                <TextField
                  label="6-digit code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  error={state.fields?.code && state.fields.code !== state.error ? state.fields.code : undefined}
                />
                <Button type="submit" name="intent" value="code" fullWidth loading={busy === "code"}>
                  Check the code
                </Button>
              </Stack>
            </Form>
            <Form method="post" action={FORGOT_PASSWORD_PATH} replace>
              <input type="hidden" name="login" value={state.login} />
              <Stack gap={2}>
                <Text tone="muted" size="sm">
                  No text message after a few minutes?
                </Text>
                <span>
                  <Button type="submit" name="intent" value="sms" variant="light" size="sm" loading={busy === "sms"}>
                    Send a new code
                  </Button>
                </span>
              </Stack>
            </Form>
          </Stack>
        </Card>
      </SignInFrame>
    );
  }
  return (
    <SignInFrame>
      <Card
        title="Forgot your password?"
        description={`Get a link to choose a new password for the ${APP_TITLES[APP_ID]}.`}
      >
        <Form method="post" action={FORGOT_PASSWORD_PATH} replace aria-describedby="forgot-status">
          <Stack gap={4}>
            <div id="forgot-status" aria-live="polite">
              <Alert>{state.error}</Alert>
            </div>
            <TextField
              label="Username or e-mail address"
              name="login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              defaultValue={state.login}
              error={state.fields?.login}
            />
            <Button type="submit" name="intent" value="email" fullWidth loading={busy === "email"}>
              E-mail me a link
            </Button>
            <Stack gap={2}>
              <Text weight="semibold">Students without an e-mail address</Text>
              <Text tone="muted" size="sm">
                Your school can print you a sign-in slip with a new password: ask your school. Or, if your school gave
                us your mobile number, we can text a code to it: enter your username above, then
              </Text>
              <span>
                <Button type="submit" name="intent" value="sms" variant="light" loading={busy === "sms"}>
                  Text me a code
                </Button>
              </span>
            </Stack>
          </Stack>
        </Form>
      </Card>
    </SignInFrame>
  );
}

/** The new-password form: from a mailed link (`/reset-password?token=…`) or a right texted code. */
function ChooseScreen({ state }: { state: Extract<ResetState, { step: "choose" }> }) {
  const busy = useBusy(RESET_PASSWORD_PATH);
  return (
    <SignInFrame>
      <Card title="Choose a new password" description={`For the account ${state.username}.`}>
        <Form method="post" action={RESET_PASSWORD_PATH} replace aria-describedby="reset-status">
          <Stack gap={4}>
            <div id="reset-status" aria-live="polite">
              <Alert>{state.error}</Alert>
            </div>
            <input type="hidden" name="token" value={state.token} />
            <input type="hidden" name="username" value={state.username} />
            {/* For password managers: the account the new password belongs to. */}
            <input type="text" name="account" autoComplete="username" value={state.username} readOnly hidden />
            <PasswordField
              label="New password"
              name="new_password"
              autoComplete="new-password"
              required
              hint={state.rules}
              error={state.fields?.new_password}
            />
            <PasswordField
              label="Confirm the new password"
              name="confirm_password"
              autoComplete="new-password"
              required
              error={state.fields?.confirm_password}
            />
            <Text tone="muted" size="sm">
              Every device signed in to this account will be signed out. Then sign in with the new password.
            </Text>
            <Button type="submit" fullWidth loading={busy !== undefined}>
              Change the password
            </Button>
          </Stack>
        </Form>
      </Card>
    </SignInFrame>
  );
}

const REFUSED_TITLES: Record<Extract<ResetState, { step: "refused" }>["state"], string> = {
  used: "This link was already used",
  expired: "This link has expired",
  superseded: "A newer link was sent",
  unknown: "This link is not valid",
  missing: "This link is incomplete",
};

/** `/reset-password?token=…`: the new-password form, or why the link does not work and a way on. */
export function ResetPasswordScreen() {
  const loaded = useLoaderData<ResetState>();
  const answered = useActionData<ResetState>();
  const state = answered ?? loaded;
  if (state.step === "choose") return <ChooseScreen state={state} />;
  return (
    <SignInFrame>
      <Card
        title={REFUSED_TITLES[state.state]}
        actions={
          <Button asChild>
            <Link to={FORGOT_PASSWORD_PATH}>
              {state.state === "superseded" ? "Ask for another link" : "Send a new link"}
            </Link>
          </Button>
        }
      >
        <Text role="alert">{state.message}</Text>
      </Card>
    </SignInFrame>
  );
}
