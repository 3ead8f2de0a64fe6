import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useState } from "react";
import type { RegisterActionData, registerLoader } from "./register.server";

// The form (react-hook-form, zod and the contracts' schema) is its own chunk, so the page's
// first view stays small.
const RegisterForm = lazy(() => import("./RegisterForm"));

/** `/register`: a school signs itself up, then is asked to open the link we mailed it. */
export function RegisterScreen() {
  const { countries, zones, failure } = useLoaderData<typeof registerLoader>();
  // Without JavaScript the browser posts the form here and the answer comes with the page.
  const posted = useActionData<RegisterActionData>();
  const [registered, setDone] = useState<{ email: string; message: string } | null>(null);
  const done = registered ?? (posted?.ok ? { email: posted.email ?? "", message: posted.message } : null);

  if (done) {
    return (
      <Centered>
        <Card
          title="Check your e-mail"
          actions={
            <Button asChild>
              <Link to="/login">Go to sign in</Link>
            </Button>
          }
        >
          <Stack gap={3}>
            <Text role="status">
              Your school is registered. Open the link in the e-mail we sent to <strong>{done.email}</strong> to verify
              your school's address; it works once, for 48 hours.
            </Text>
            <Text>You can sign in and add students now; payments open once the address is verified.</Text>
            <Text tone="muted" size="sm">
              No e-mail? Look in the spam folder, or sign in and choose "Send the link again".
            </Text>
          </Stack>
        </Card>
      </Centered>
    );
  }

  return (
    <Centered>
      <Stack gap={5}>
        <Card title="Register your school" description="National Science Exam programme · School Portal">
          {/* Rendered by the server too (docs/decisions/053): the chunk hydrates it once loaded. */}
          <Suspense fallback={<SkeletonText lines={12} />}>
            <RegisterForm countries={countries} zones={zones} countriesFailure={failure} onRegistered={setDone} />
          </Suspense>
        </Card>
        <Text tone="muted">
          Already registered?{" "}
          <Button asChild variant="ghost" size="sm">
            <Link to="/login">Sign in</Link>
          </Button>
        </Text>
        <Text tone="muted">
          A student registering alone?{" "}
          <Button asChild variant="ghost" size="sm">
            <Link to="/sif/register">Register as an individual student</Link>
          </Button>
        </Text>
      </Stack>
    </Centered>
  );
}
