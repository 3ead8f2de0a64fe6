import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { APP_TITLES } from "@repo/auth/apps";
import { FORGOT_PASSWORD_PATH } from "@repo/contracts/password-reset-constants";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { PasswordField } from "@repo/ui/password-field";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { APP_ID } from "../app-id";
import type { LoginActionData } from "./sign-in.server";

interface LoginLoaderData {
  notice: string | null;
  redirectTo: string | null;
  username: string | null;
}

/** The sign-in page of every app (the server's message, or 'Login failed'). */
export function LoginScreen() {
  const { notice, redirectTo, username } = useLoaderData<LoginLoaderData>();
  const result = useActionData<LoginActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";
  return (
    <Centered>
      <Stack gap={6} align="center">
        {/* The mark as a file: one request the browser caches, no script on the sign-in page. */}
        <img src="/favicon.svg" width={48} height={48} alt="Exam Portal" />
        <Card title={`Sign in to the ${APP_TITLES[APP_ID]}`} description="National Science Exam programme">
          <Form method="post" action="/login" replace aria-describedby="login-status">
            <Stack gap={4}>
              <div id="login-status" aria-live="polite">
                {result?.error ? (
                  <Text role="alert" tone="danger" weight="semibold">
                    {result.error}
                  </Text>
                ) : notice ? (
                  <Text role="status">{notice}</Text>
                ) : null}
              </div>
              <input type="hidden" name="redirectTo" value={redirectTo ?? ""} />
              <TextField
                label="Username"
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                defaultValue={result?.username ?? username ?? undefined}
                error={result?.fields?.username}
              />
              <PasswordField
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                error={result?.fields?.password}
              />
              <Button type="submit" disabled={busy} fullWidth>
                {busy ? "Signing in…" : "Sign in"}
              </Button>
              {/* A button-styled link: the kit's Link brings the icon set, past the page's size budget. */}
              <Button asChild variant="ghost" size="sm">
                <Link to={FORGOT_PASSWORD_PATH}>Forgot your password?</Link>
              </Button>
            </Stack>
          </Form>
        </Card>
        {/* Schools sign themselves up; the other apps' accounts are made by the programme's staff. */}
        {APP_ID === "school" ? (
          <Stack direction="row" gap={2} justify="center" wrap>
            <Button asChild variant="ghost">
              <Link to="/register">Register your school</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/sif/register">Register as a student</Link>
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Centered>
  );
}
