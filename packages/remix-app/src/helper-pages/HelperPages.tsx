import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { safeRedirect } from "@repo/auth/redirect";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";
import { Spinner } from "@repo/ui/spinner";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect } from "react";

/** The soft-refresh overlay shows at least 3 s before the page is loaded afresh. */
export const SOFT_REFRESH_MS = 3000;

/** `/_refresh?to=/path`: an empty helper page that reloads `to` (a path of this app) from scratch. */
export function RefreshScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = safeRedirect(params.get("to"), "/");
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace: true }), SOFT_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to]);
  return (
    <Centered>
      <Stack role="status" gap={4} align="center">
        <Spinner size="lg" />
        <Text weight="semibold">Refreshing…</Text>
      </Stack>
    </Centered>
  );
}

/** `/error`: where the apps send people after a failure they cannot recover from in place. */
export function ErrorScreen() {
  return (
    <Centered>
      <Card
        title="Something went wrong"
        actions={
          <Button asChild>
            <Link to="/" reloadDocument>
              Go to my home page
            </Link>
          </Button>
        }
      >
        The portal could not finish what you asked. Please try again; if it keeps happening, contact the programme
        office.
      </Card>
    </Centered>
  );
}

/**
 * `/verify-school-email` in the apps other than the school app (whose own page verifies the link):
 * the mail's link always points at the school app, so only a hand-edited address lands here.
 */
export function VerifySchoolEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <Centered>
      <Card
        title="Verify your school's e-mail"
        actions={
          <Button asChild>
            <Link to="/login">Go to sign in</Link>
          </Button>
        }
      >
        {token
          ? "School e-mail addresses are verified in the School Portal. Open the link from your e-mail as it is: it leads to the School Portal's own page."
          : "This verification link is incomplete. Open the link from your e-mail again, or copy the whole address into your browser."}
      </Card>
    </Centered>
  );
}
