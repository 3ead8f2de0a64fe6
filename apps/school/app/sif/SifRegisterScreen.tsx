import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useState } from "react";
import type { SifRegisterActionData, SifRegistered, sifRegisterLoader } from "./sif.server";

// The form (react-hook-form, zod, the contracts' schema) is its own chunk.
const SifRegisterForm = lazy(() => import("./SifRegisterForm"));

/** `/sif/register`: a student registers alone, then is told its username and the next step. */
export function SifRegisterScreen() {
  const { countries, zones, failure, referralCode, payHref } = useLoaderData<typeof sifRegisterLoader>();
  // Without JavaScript the browser posts the form here and the answer comes with the page.
  const posted = useActionData<SifRegisterActionData>();
  const [registered, setDone] = useState<SifRegistered | null>(null);
  const done = registered ?? (posted?.ok ? (posted.registered ?? null) : null);

  if (done) {
    return (
      <Centered>
        <Card
          title="You are registered"
          actions={
            <Button asChild>
              <Link to={payHref}>Sign in to pay the fee</Link>
            </Button>
          }
        >
          <Stack gap={3}>
            <Text role="status">Welcome! Your registration for the {done.exam_year} exam is saved.</Text>
            <Text>
              Your username is <strong data-testid="sif-username">{done.username}</strong>. We mailed it with your
              password to <strong>{done.email}</strong>.
            </Text>
            <Text>School: {done.school_name}</Text>
            {done.referred_by ? <Text>Referred by: {done.referred_by}</Text> : null}
            <Text weight="semibold">
              Next step: sign in with the username and the password from the e-mail, and pay the exam fee. You get your
              roll number once the fee is paid.
            </Text>
            <Text tone="muted" size="sm">
              No e-mail after a few minutes? Look in the spam folder. Keep your username: you need it to sign in.
            </Text>
          </Stack>
        </Card>
      </Centered>
    );
  }

  return (
    <Centered>
      <Stack gap={5}>
        <Card
          title="Register as a student"
          description="National Science Exam programme · for students who register on their own"
        >
          <Suspense fallback={<SkeletonText lines={14} />}>
            <SifRegisterForm
              countries={countries}
              zones={zones}
              countriesFailure={failure}
              referralCode={referralCode}
              onRegistered={setDone}
            />
          </Suspense>
        </Card>
        <Text tone="muted">
          Already registered?{" "}
          <Button asChild variant="ghost" size="sm">
            <Link to="/login">Sign in</Link>
          </Button>
        </Text>
        <Text tone="muted">
          Registering a whole school?{" "}
          <Button asChild variant="ghost" size="sm">
            <Link to="/register">Register your school</Link>
          </Button>
        </Text>
      </Stack>
    </Centered>
  );
}
